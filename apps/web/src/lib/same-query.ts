/** Whether two address queries hold the same keys and values, in whatever order. */
export const sameQuery = (a: URLSearchParams, b: URLSearchParams) =>
  [...a.entries()].sort().join("&") === [...b.entries()].sort().join("&");
