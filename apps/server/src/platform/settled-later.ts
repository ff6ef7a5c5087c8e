/**
 * A read started now and awaited later, after another: its failure counts as handled meanwhile
 * (an unhandled rejection would end the process while the earlier await is pending); awaiting it
 * still throws, so the caller refuses in the order it awaits, whichever failed first.
 */
export function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
