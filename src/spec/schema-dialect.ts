/**
 * Which JSON Schema dialect a schema object from a loaded document is written in. OpenAPI 3.1
 * schemas are JSON Schema draft 2020-12; 3.0 (and converted Swagger 2.0) schemas are the OpenAPI
 * 3.0 subset, validated as draft-07 plus `nullable`. The loader records every object of a 3.1
 * document here, so validation picks the dialect from the schema it is given, whoever calls it.
 */
const oas31Objects = new WeakSet<object>();

export function markOas31(document: object): void {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || oas31Objects.has(node)) continue;
    oas31Objects.add(node);
    for (const child of Object.values(node)) stack.push(child);
  }
}

export function isOas31Schema(node: unknown): boolean {
  return typeof node === 'object' && node !== null && oas31Objects.has(node);
}
