import path from 'node:path';

/** Whether `file` (a real path) lies inside `folder` (a real path), not the folder itself. */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
