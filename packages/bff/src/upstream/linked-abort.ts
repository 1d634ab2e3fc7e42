/**
 * An AbortController that also aborts when `parent` does, and `dispose()` to stop listening. Does what
 * `AbortSignal.any([parent, own])` does for two signals at a fraction of its cost on the request path
 * (Node 20's `any` makes each signal transferable and tracks its sources through weak references).
 */
export function linkedAbort(parent: AbortSignal) {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, dispose: () => {} };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return { controller, dispose: () => parent.removeEventListener('abort', onAbort) };
}
