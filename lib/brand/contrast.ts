/**
 * Colour arithmetic for the operator's brand colours (docs/features.md "Brand"): WCAG 2.x relative
 * luminance and contrast ratio, and mixing. Only hex colours (#rgb or #rrggbb) are accepted, so
 * what is checked is exactly what the browser paints.
 */
export type Rgb = readonly [number, number, number];

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function parseHex(value: unknown): Rgb | undefined {
  if (typeof value !== 'string' || !HEX.test(value.trim())) return undefined;
  let hex = value.trim().slice(1);
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.x relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.x contrast ratio, 1–21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `amount` (0–1) of `other` mixed into `base`, channel by channel in sRGB (as color-mix(in srgb) does). */
export function mix(base: Rgb, other: Rgb, amount: number): Rgb {
  return base.map((c, i) => c + (other[i] - c) * amount) as unknown as Rgb;
}
