/** Writes `<dir>/contact-sheet.html` from `<dir>/screenshots/*.png`; undefined when there are none. */
export function writeContactSheet(dir?: string): { path: string; images: number } | undefined;
