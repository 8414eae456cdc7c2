import type { BalanceChangesRecord } from '../../store/records';

// `balanceChanges` JSON, TON Center's shape: nanoton figures are JSON integers, jetton amounts
// decimal strings. Nanotons can exceed 2^53 (9 million TON), so the integers are written as text
// from their bigints rather than through JSON numbers, which would round them.

const key = (k: string) => JSON.stringify(k);
const integers = (m: Map<string, bigint>) => `{${[...m].map(([k, v]) => `${key(k)}:${v.toString()}`).join(',')}}`;

export function balanceChangesJson(r: BalanceChangesRecord): string {
  const jettons = [...r.jettons].map(
    ([master, owners]) => `${key(master)}:{${[...owners].map(([o, v]) => `${key(o)}:${key(v.toString())}`).join(',')}}`,
  );
  return `{"changes":${integers(r.changes)},"fees":${integers(r.fees)},"jettons":{${jettons.join(',')}}}`;
}
