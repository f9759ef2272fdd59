/// The contrast check the browser tests run in a page (what axe's color-contrast rule checks,
/// without axe, which is not packaged here): every element with text of its own, its colour
/// against the first opaque background behind it (its own or an ancestor's, translucent ones
/// blended), WCAG 2's ratio; the texts below 4.5:1, described.
enum ContrastCheck {
  static let script = #"""
    // Every element with its own text: its colour against the first opaque background behind it
    // (its own or an ancestor's); the ratio by WCAG 2's relative luminance. Returns the failures.
    function rgba(text) {
      const m = text.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const p = m[1].split(',').map(s => parseFloat(s));
      return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
    }
    function lum(c) {
      const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
      return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
    }
    function blend(top, bottom) {
      const a = top.a;
      return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
    }
    function background(element) {
      const layers = [];
      for (let e = element; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
      }
      let color = { r: 255, g: 255, b: 255, a: 1 };
      const root = rgba(getComputedStyle(document.documentElement).backgroundColor);
      if (layers.length === 0 || layers[layers.length - 1].a < 1) {
        const canvas = matchMedia('(prefers-color-scheme: dark)').matches ? { r: 18, g: 18, b: 18, a: 1 } : color;
        color = root && root.a > 0 ? blend(root, canvas) : canvas;
      }
      for (let i = layers.length - 1; i >= 0; i--) color = blend(layers[i], color);
      return color;
    }
    const failures = [];
    for (const e of document.querySelectorAll('body *')) {
      if (!e.getClientRects().length) continue;
      const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const style = getComputedStyle(e);
      if (style.visibility === 'hidden' || parseFloat(style.opacity) === 0) continue;
      const r = e.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || r.right < 0 || r.left < -500) continue;
      let fg = rgba(style.color);
      if (e instanceof SVGElement) fg = rgba(style.fill) || fg;
      const bg = background(e instanceof SVGElement ? e.closest('figure') || e : e);
      fg = blend(fg, bg);
      const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      if (ratio < 4.5) failures.push(`${e.tagName.toLowerCase()}.${(e.getAttribute('class') || '')} "${e.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
    }
    return failures;
    """#
}
