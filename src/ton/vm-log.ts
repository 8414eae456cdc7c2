// A TVM log as the emulator writes it at sandbox's `vm_logs_verbose` (what sandbox sends with its UI
// on), read into steps: one per instruction the VM executed. The emulator writes, per step, the
// stack before it (`stack: [ … ]`), where it is (`code cell hash: <hex> offset: <bits>`), the
// instruction (`execute <INSTR>`) and the gas left after it (`gas remaining: <n>`); between steps,
// what happened besides (`changing gas limit to …`, `handling exception code N: …`, `default exception
// handler, terminating vm with exit code N`, `final c5: …`). Lighter verbosities leave out the stack,
// the location or the gas; a step is then what there is. Nothing is assumed of a line it does not
// know: it is kept as a note of the step it came in.

export interface VmStep {
  /** 0-based, in the order executed. */
  index: number;
  /** `SETCP 0`, `implicit RET`…; null for lines before the first instruction. */
  instruction: string | null;
  /** The stack before the instruction, as the VM printed it (`[ 1 2 C{…} ]`); null when not logged. */
  stack: string | null;
  /** Gas left after the instruction. */
  gasRemaining: number | null;
  /** Gas the instruction cost: the gas left before it minus after it (null for the first, or when a limit changed). */
  gas: number | null;
  /** The code cell (hex hash) and the bit offset in it. */
  cell: string | null;
  offset: number | null;
  /** Other lines logged with this step (exceptions, gas limit changes, lines of unknown form). */
  notes: string[];
}

export interface VmLog {
  steps: VmStep[];
  lines: number;
  /** The code the VM terminated with when an exception ended it (`terminating vm with exit code N`). */
  exitCode: number | null;
  /**
   * The step whose exception ended the run, when one did: the step the default exception handler's
   * `terminating vm` line is logged in (an exception a handler of the contract caught logs
   * `handling exception` and the run goes on).
   */
  failedStep: number | null;
}

const STACK = /^stack:\s*(.*)$/;
const LOCATION = /^code cell hash:\s*([0-9A-Fa-f]+)\s+offset:\s*(\d+)/;
const EXECUTE = /^execute\s+(.*)$/;
const GAS = /^gas remaining:\s*(-?\d+)/;
const LIMIT = /^changing gas limit to\s*(-?\d+)/;
const TERMINATED = /terminating vm with exit code\s+(-?\d+)/;

/** Reads a VM log into its steps. */
export function parseVmLog(text: string): VmLog {
  const steps: VmStep[] = [];
  let exitCode: number | null = null;
  let failedStep: number | null = null;
  let gasBefore: number | null = null;
  let lines = 0;
  const open = (): VmStep => {
    const s: VmStep = {
      index: steps.length,
      instruction: null,
      stack: null,
      gasRemaining: null,
      gas: null,
      cell: null,
      offset: null,
      notes: [],
    };
    steps.push(s);
    return s;
  };
  // The current step, when it may still take the part a line is (each part once, in the VM's order).
  const current = (free: (s: VmStep) => boolean): VmStep => {
    const s = steps[steps.length - 1];
    return s && free(s) ? s : open();
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    lines++;
    let m: RegExpExecArray | null;
    if ((m = STACK.exec(line))) {
      current((s) => s.stack === null && s.cell === null && s.instruction === null).stack = m[1]!;
    } else if ((m = LOCATION.exec(line))) {
      const s = current((x) => x.cell === null && x.instruction === null);
      s.cell = m[1]!.toUpperCase();
      s.offset = Number(m[2]);
    } else if ((m = EXECUTE.exec(line))) {
      current((s) => s.instruction === null).instruction = m[1]!;
    } else if ((m = GAS.exec(line)) && steps.length > 0) {
      const s = steps[steps.length - 1]!;
      s.gasRemaining = Number(m[1]);
      s.gas = gasBefore === null ? null : gasBefore - s.gasRemaining;
      gasBefore = s.gasRemaining;
    } else {
      const s = steps[steps.length - 1] ?? open();
      s.notes.push(line);
      if (LIMIT.test(line)) gasBefore = null;
      else if ((m = TERMINATED.exec(line))) {
        // logged by the step whose exception reached the default handler: the failing instruction
        exitCode = Number(m[1]);
        failedStep = s.index;
      }
    }
  }
  return { steps, lines, exitCode, failedStep };
}

/** Whether a step matches a search (case-insensitive, in its instruction, stack or notes). */
export function stepMatches(step: VmStep, query: string): boolean {
  const q = query.toLowerCase();
  return (
    (step.instruction?.toLowerCase().includes(q) ?? false) ||
    (step.stack?.toLowerCase().includes(q) ?? false) ||
    step.notes.some((n) => n.toLowerCase().includes(q))
  );
}
