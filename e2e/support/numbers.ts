/** The first number in a text, "Deliveries, updates included1,204" read as 1204 (a lone comma is no number). */
export function firstNumber(text: string | null): number {
  return Number(/(\d[\d,]*)/.exec(text ?? '')?.[1]?.replaceAll(',', ''));
}
