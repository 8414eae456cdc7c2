/**
 * Resolves in a task of its own, after the browser had a chance to paint and take input. A reader
 * awaits it between reading an answer (JSON, checked, normalized) and handing it on, so the page's
 * render of the answer is not the same long task as its reading: Lighthouse counts each task's time
 * past 50 ms as blocking. Not setTimeout, which a background tab holds for a second; a message on a
 * channel is a task that is not held.
 */
export function nextTask(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
