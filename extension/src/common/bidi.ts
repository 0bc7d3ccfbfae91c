/**
 * Text from a tracker set apart from the text around it for bidirectional layout (FSI … PDI):
 * a summary holding a right-to-left override (U+202E) cannot then reverse "Bug 12:" or what follows.
 */
export function isolateBidi(text: string): string {
  return `\u2068${text}\u2069`;
}
