/**
 * In-page measurements, built into the bench page and called by the bench through Playwright
 * (`window.spliceBench`). Times are `performance.now()` milliseconds.
 */

/** Resolves after the next frame's paint, saying whether `ready()` held when the frame was produced. */
function nextFrame(ready: () => boolean): Promise<{ ok: boolean; at: number }> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const ok = ready();
      // A message posted from requestAnimationFrame is handled after that frame is painted.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ ok, at: performance.now() });
      channel.port2.postMessage(0);
    }),
  );
}

/**
 * Clicks Next on the objects step and resolves with the milliseconds until the paint of the first frame
 * that shows the read step's fields list and its mapping entries. The wizard shows a long mapping list a
 * page at a time (the rest on demand, like the windowed fields list), so "shown" means the first page,
 * or every entry when there are fewer.
 */
/** The wizard's first page of mapping entries (packages/react, mapping-section.tsx). */
const firstPage = 25;

async function mountReadStep(expectedMappings: number): Promise<number> {
  const next = document.querySelector<HTMLButtonElement>(
    'form[data-step="objects"] button[data-part="submit"]',
  );
  if (!next) throw new Error('no Next button on the objects step');
  const ready = () =>
    document.querySelector('form[data-step="read:contacts"] [data-part="list"]') !== null &&
    document.querySelectorAll('[data-part="mapping"]').length >= Math.min(expectedMappings, firstPage);
  const start = performance.now();
  next.click();
  for (let frame = 0; frame < 600; frame++) {
    const { ok, at } = await nextFrame(ready);
    if (ok) return at - start;
  }
  throw new Error('the read step did not render within 600 frames');
}

const samples: number[] = [];

/**
 * Per keystroke in the fields filter: the time from the key event to the paint of the first frame whose
 * visible rows all match the filter text. The list re-filters at lower priority (useDeferredValue), so
 * that can be a later frame than the one echoing the typed character.
 */
function instrumentFilter(): void {
  const input = document.querySelector<HTMLInputElement>(
    'form[data-step="read:contacts"] input[type="search"]',
  );
  if (!input) throw new Error('no fields filter');
  const reflects = () => {
    const query = input.value.trim().toLowerCase();
    const fieldset = input.closest('fieldset');
    const rows = [...(fieldset?.querySelectorAll('[data-part="list-row"]') ?? [])];
    if (rows.length === 0) return fieldset?.textContent?.toLowerCase().includes(query) ?? false;
    return rows.every((row) => row.textContent?.toLowerCase().includes(query));
  };
  input.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      const check = () =>
        void nextFrame(reflects).then(({ ok, at }) => {
          if (ok) samples.push(at - start);
          else check();
        });
      check();
    },
    true,
  );
}

export const spliceBench = { mountReadStep, instrumentFilter, samples: () => [...samples] };
export type SpliceBench = typeof spliceBench;
