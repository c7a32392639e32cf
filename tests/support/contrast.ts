// Colour contrast (WCAG 2) of what the browser computed, for element tests: text against the
// background it is painted on, found by walking up through shadow roots to the first opaque one.

type Rgba = [number, number, number, number];

/** 'rgb(1, 2, 3)' / 'rgba(1, 2, 3, 0.5)' / 'color(srgb 0.1 0.2 0.3 / 0.5)' as [r, g, b, a] in 0..255 and 0..1. */
export function parseColor(text: string): Rgba {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(text);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
  const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)$/.exec(text);
  if (!rgb) throw new Error(`unknown colour ${text}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
}

const over = (top: Rgba, bottom: Rgba): Rgba => [
  top[0] * top[3] + bottom[0] * (1 - top[3]), top[1] * top[3] + bottom[1] * (1 - top[3]), top[2] * top[3] + bottom[2] * (1 - top[3]), 1,
];

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two opaque colours (1..21). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const parentOf = (element: Element): Element | null => element.parentElement ?? ((element.getRootNode() as ShadowRoot).host ?? null);

/** The background `element` is painted on: its own and its ancestors' backgrounds, composed over white. */
export function backgroundOf(element: Element): Rgba {
  const layers: Rgba[] = [];
  for (let at: Element | null = element; at; at = parentOf(at)) {
    const colour = parseColor(getComputedStyle(at).backgroundColor);
    if (colour[3] > 0) layers.push(colour);
    if (colour[3] >= 1) break;
  }
  return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
}

/** The contrast of `element`'s text colour against its background. */
export function textContrast(element: Element): number {
  const background = backgroundOf(element);
  return contrastRatio(over(parseColor(getComputedStyle(element).color), background), background);
}
