/** `$.paths['/pets/{petId}'].get.responses['200']`: dots where the key is a plain name, brackets elsewhere. */
export function member(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}['${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
}
