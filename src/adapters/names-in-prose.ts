/**
 * Method names written into a sentence ("a", "a and b", "a, b and c"), for the startup errors that
 * name what an adapter lacks.
 */
export function namesInProse(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
