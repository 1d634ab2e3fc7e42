/**
 * The in-process service logs every unexpected error (with its stack) on console.error. While a fuzz
 * test provokes known defects those logs would bury the figures: this counts them instead and lets every
 * other console.error through.
 */
export function countServiceErrors(): { count(): number; restore(): void } {
  const original = console.error;
  let count = 0;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('unexpected error on')) {
      count++;
      return;
    }
    original(...args);
  };
  return {
    count: () => count,
    restore: () => {
      console.error = original;
    },
  };
}
