// The picture: a clip's frames drawn with @napi-rs/canvas, deterministic for
// (prompt, seed).
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------
// Deterministic randomness from (prompt, seed)
// ---------------------------------------------------------------------------
export function fnv1a(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
export function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h, s, l, a = 1) => `hsla(${((h % 360) + 360) % 360},${s}%,${l}%,${a})`;
const clamp01 = (x) => Math.max(0, Math.min(1, x));
const smooth = (x) => {
  const t = clamp01(x);
  return t * t * (3 - 2 * t);
};

// ---------------------------------------------------------------------------
// Fonts: no system font is guaranteed, ship DejaVu.
// ---------------------------------------------------------------------------
export function registerFonts(GlobalFonts) {
  const pkgDir = path.dirname(require.resolve("dejavu-fonts-ttf/package.json"));
  const ttf = path.join(pkgDir, "ttf");
  const fonts = [
    ["DejaVuSans.ttf", "VgenSans"],
    ["DejaVuSans-Bold.ttf", "VgenSans"],
    ["DejaVuSansMono.ttf", "VgenMono"],
  ];
  for (const [file, family] of fonts) {
    const key = GlobalFonts.registerFromPath(path.join(ttf, file), family);
    if (!key) throw new Error(`could not register font ${file}`);
  }
}

function wrapText(ctx, text, maxWidth, maxLines) {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines = [];
  let cur = "";
  const pushWord = (w) => {
    // Break words longer than a line.
    while (ctx.measureText(w).width > maxWidth && w.length > 1) {
      let n = w.length - 1;
      while (n > 1 && ctx.measureText(w.slice(0, n)).width > maxWidth) n--;
      if (cur) {
        lines.push(cur);
        cur = "";
      }
      lines.push(w.slice(0, n));
      w = w.slice(n);
    }
    return w;
  };
  for (let w of words) {
    const test = cur ? `${cur} ${w}` : w;
    if (ctx.measureText(test).width <= maxWidth) {
      cur = test;
      continue;
    }
    if (cur) lines.push(cur);
    cur = "";
    w = pushWord(w);
    cur = w;
  }
  if (cur) lines.push(cur);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1];
    while (last.length > 1 && ctx.measureText(`${last}…`).width > maxWidth) last = last.slice(0, -1);
    kept[maxLines - 1] = `${last.trimEnd()}…`;
    return kept;
  }
  return lines;
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function timecode(frame, fps) {
  const s = Math.floor(frame / fps);
  const f = frame % fps;
  const mm = String(Math.floor(s / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return `${mm}:${ss}:${String(f).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------
// The picture
// ---------------------------------------------------------------------------
/** Side of the reference thumbnails (a column of up to 3 at the top right, clear of the prompt panel). */
export function thumbSize(width, height) {
  return Math.round(Math.min(width, height) * (width >= height ? 0.16 : 0.2));
}

/**
 * Returns draw(ctx, i), which paints frame i on a width x height canvas context.
 * assets: { first, last, refs } as canvas images (first/last cover-resized to the
 * frame, refs to thumbSize), and createCanvas from @napi-rs/canvas.
 */
export function makeScene(job, assets) {
  const { prompt, seed, width: W, height: H, fps, frames } = job;
  // An extension draws its chain's scene (the first clip's prompt and seed) from where the chain
  // stopped: `startFrame` frames and `clipsBefore` clips in, so its first frame follows the source's last.
  const chain = job.continues ?? { prompt, seed, startFrame: 0, clipsBefore: 0 };
  const thumb = thumbSize(W, H);
  const lines = (() => {
    const m = assets.createCanvas(1, 1).getContext("2d");
    const fontPx = Math.round(Math.min(W, H) * (W >= H ? 0.052 : 0.058));
    m.font = `bold ${fontPx}px VgenSans`;
    const margin = Math.round(Math.min(W, H) * 0.05);
    return wrapText(m, String(prompt ?? ""), W - margin * 2 - fontPx * 1.2, W >= H ? 4 : 7);
  })();
  const rng = mulberry32(fnv1a(`${chain.seed}\u0000${chain.prompt}`) ^ (chain.seed >>> 0));
  const baseHue = rng() * 360;
  const hueSpread = 40 + rng() * 140;
  const hueDrift = (rng() - 0.5) * 40; // degrees over the clip
  const angle0 = rng() * Math.PI * 2;
  const angleSpeed = (rng() - 0.5) * 0.6; // rad/s
  const minDim = Math.min(W, H);
  const nBlobs = 6 + Math.floor(rng() * 6);
  const blobs = [];
  for (let i = 0; i < nBlobs; i++) {
    blobs.push({
      cx: rng(),
      cy: rng(),
      ax: 0.1 + rng() * 0.35,
      ay: 0.1 + rng() * 0.35,
      fx: (0.05 + rng() * 0.25) * (rng() < 0.5 ? -1 : 1),
      fy: (0.05 + rng() * 0.25) * (rng() < 0.5 ? -1 : 1),
      px: rng() * Math.PI * 2,
      py: rng() * Math.PI * 2,
      r: minDim * (0.12 + rng() * 0.35),
      hue: baseHue + (rng() - 0.5) * 2 * hueSpread,
      alpha: 0.25 + rng() * 0.35,
      pulse: 0.5 + rng() * 1.5,
    });
  }
  const nRings = 2 + Math.floor(rng() * 3);
  const rings = [];
  for (let i = 0; i < nRings; i++) {
    rings.push({
      cx: 0.2 + rng() * 0.6,
      cy: 0.2 + rng() * 0.6,
      r: minDim * (0.08 + rng() * 0.3),
      speed: (rng() - 0.5) * 1.2,
      sides: 3 + Math.floor(rng() * 4),
      hue: baseHue + 180 + (rng() - 0.5) * 60,
      phase: rng() * Math.PI * 2,
    });
  }
  const nStars = 40 + Math.floor(rng() * 40);
  const stars = [];
  for (let i = 0; i < nStars; i++) {
    stars.push({ x: rng(), y: rng(), s: 0.5 + rng() * 2, v: 0.01 + rng() * 0.05, tw: rng() * 6 });
  }

  const hasFirst = !!assets.first;
  const hasLast = !!assets.last;
  const drawVignette = (c, w, h) => {
    const m = Math.min(w, h);
    const vg = c.createRadialGradient(w / 2, h / 2, m * 0.35, w / 2, h / 2, Math.hypot(w, h) / 2);
    vg.addColorStop(0, "rgba(0,0,0,0)");
    vg.addColorStop(1, "rgba(0,0,0,0.45)");
    c.fillStyle = vg;
    c.fillRect(0, 0, w, h);
  };
  const durationS = frames / fps;

  // The soft background (gradient + glowing blobs) is drawn on a small canvas
  // and scaled up: it is all low-frequency, and full-size radial gradients are
  // the most expensive thing to rasterise (≈80 ms/frame at 4k).
  const bgScale = Math.max(1, minDim / 360);
  const bw = Math.max(16, Math.round(W / bgScale));
  const bh = Math.max(16, Math.round(H / bgScale));
  const bgCanvas = assets.createCanvas(bw, bh);
  const bctx = bgCanvas.getContext("2d");
  const bMin = Math.min(bw, bh);
  // The vignette laid over the images never changes: drawn once at full size,
  // then copied 1:1 each frame (scaling it up every frame cost 7 ms at 1080p).
  let vignette = null;
  if (hasFirst || hasLast) {
    vignette = assets.createCanvas(W, H);
    drawVignette(vignette.getContext("2d"), W, H);
  }

  // The generated scene: background, stars and polygons.
  const drawScene = (ctx, t, p) => {
    // Background gradient, slowly rotating, hues drifting.
    const hue = baseHue + hueDrift * p;
    const a = angle0 + angleSpeed * t;
    const dx = Math.cos(a) * bw * 0.6;
    const dy = Math.sin(a) * bh * 0.6;
    const g = bctx.createLinearGradient(bw / 2 - dx, bh / 2 - dy, bw / 2 + dx, bh / 2 + dy);
    g.addColorStop(0, hsl(hue, 65, 16));
    g.addColorStop(0.5, hsl(hue + hueSpread * 0.5, 55, 28));
    g.addColorStop(1, hsl(hue + hueSpread, 70, 12));
    bctx.globalCompositeOperation = "source-over";
    bctx.fillStyle = g;
    bctx.fillRect(0, 0, bw, bh);

    // Glowing blobs on Lissajous paths.
    bctx.globalCompositeOperation = "lighter";
    for (const b of blobs) {
      const x = (b.cx + b.ax * Math.sin(b.px + 2 * Math.PI * b.fx * t)) * bw;
      const y = (b.cy + b.ay * Math.cos(b.py + 2 * Math.PI * b.fy * t)) * bh;
      const r = (b.r / minDim) * bMin * (1 + 0.12 * Math.sin(t * b.pulse + b.px));
      const rg = bctx.createRadialGradient(x, y, 0, x, y, r);
      rg.addColorStop(0, hsl(b.hue + hueDrift * p, 85, 60, b.alpha));
      rg.addColorStop(1, hsl(b.hue + hueDrift * p, 85, 50, 0));
      bctx.fillStyle = rg;
      bctx.fillRect(x - r, y - r, 2 * r, 2 * r);
    }
    bctx.globalCompositeOperation = "source-over";
    if (!hasFirst && !hasLast) drawVignette(bctx, bw, bh);

    ctx.drawImage(bgCanvas, 0, 0, W, H);

    // Drifting stars.
    ctx.fillStyle = "rgba(255,255,255,0.8)";
    for (const s of stars) {
      const y = (((s.y - s.v * t) % 1) + 1) % 1;
      const tw = 0.4 + 0.6 * Math.abs(Math.sin(t * 2 + s.tw));
      ctx.globalAlpha = tw * 0.7;
      const sz = (s.s * minDim) / 720;
      ctx.fillRect(s.x * W, y * H, sz, sz);
    }
    ctx.globalAlpha = 1;

    // Rotating outlined polygons.
    ctx.lineWidth = Math.max(1, minDim / 360);
    for (const r of rings) {
      const rot = r.phase + r.speed * t;
      ctx.strokeStyle = hsl(r.hue, 80, 75, 0.35);
      ctx.beginPath();
      for (let k = 0; k <= r.sides; k++) {
        const th = rot + (k / r.sides) * Math.PI * 2;
        const x = r.cx * W + Math.cos(th) * r.r;
        const y = r.cy * H + Math.sin(th) * r.r;
        if (k === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
  };

  return function draw(ctx, i) {
    const t = i / fps; // seconds
    const p = frames > 1 ? i / (frames - 1) : 1; // 0..1 through the clip
    const mix = smooth(p); // first -> last frame cross-fade
    // State the images rely on even when the scene below is skipped.
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = "source-over";
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "low"; // bilinear: 'medium'/'high' cost 2x at 4k

    // An opaque first frame drawn at full alpha hides the scene: skip drawing it.
    // The scene's clock and hue drift run on through a chain; the prompt panel and timecode are this clip's.
    if (!(hasFirst && (hasLast || mix === 0))) drawScene(ctx, (chain.startFrame + i) / fps, chain.clipsBefore + p);

    // First/last frame images: cross-fade first (t=0) -> last (end), slow push-in.
    if (hasFirst || hasLast) {
      const zoom = 1 + 0.04 * p;
      const zw = W * zoom;
      const zh = H * zoom;
      const zx = (W - zw) / 2;
      const zy = (H - zh) / 2;
      if (hasFirst) {
        // Alone, the first frame dissolves into the generated scene.
        ctx.globalAlpha = hasLast ? 1 : 1 - mix;
        if (ctx.globalAlpha > 0.001) ctx.drawImage(assets.first, zx, zy, zw, zh);
      }
      if (hasLast) {
        ctx.globalAlpha = mix;
        if (mix > 0.001) ctx.drawImage(assets.last, zx, zy, zw, zh);
      }
      ctx.globalAlpha = 1;
      ctx.drawImage(vignette, 0, 0);
    }

    const margin = Math.round(minDim * 0.05);

    // Reference thumbnails, top-right column.
    if (assets.refs.length) {
      const th = thumb;
      let y = margin;
      const x = W - margin - th;
      const rr = th * 0.08;
      const line = Math.max(2, minDim / 360);
      for (const img of assets.refs) {
        ctx.save();
        ctx.shadowColor = "rgba(0,0,0,0.5)";
        ctx.shadowBlur = 0;
        ctx.fillStyle = "rgba(0,0,0,0.35)";
        roundRect(ctx, x + line * 2, y + line * 2, th, th, rr);
        ctx.fill();
        roundRect(ctx, x, y, th, th, rr);
        ctx.clip();
        ctx.drawImage(img, x, y, th, th);
        ctx.restore();
        ctx.strokeStyle = "rgba(255,255,255,0.85)";
        ctx.lineWidth = line;
        roundRect(ctx, x, y, th, th, rr);
        ctx.stroke();
        y += th + margin * 0.4;
      }
    }

    // Prompt: wrapped, on a translucent panel, gently fading/sliding in.
    // A continued clip shows its panel at once: the chain's last frame showed one.
    const textIn = chain.clipsBefore > 0 ? 1 : smooth(t / 0.6);
    const fontPx = Math.round(minDim * (W >= H ? 0.052 : 0.058));
    ctx.font = `bold ${fontPx}px VgenSans`;
    const maxTextW = W - margin * 2 - fontPx;
    const lineH = Math.round(fontPx * 1.25);
    const panelPad = Math.round(fontPx * 0.6);
    const panelH = lines.length * lineH + panelPad * 2;
    const panelY = H - margin * 1.6 - panelH + (1 - textIn) * fontPx;
    let textW = 0;
    for (const l of lines) textW = Math.max(textW, ctx.measureText(l).width);
    const panelW = Math.min(W - margin * 2, textW + panelPad * 2);
    ctx.globalAlpha = lines.length ? textIn : 0;
    ctx.fillStyle = "rgba(8,10,20,0.55)";
    roundRect(ctx, margin, panelY, panelW, panelH, fontPx * 0.35);
    ctx.fill();
    ctx.textBaseline = "top";
    ctx.textAlign = "left";
    ctx.fillStyle = "rgba(0,0,0,0.6)";
    const off = Math.max(1, Math.round(fontPx / 24));
    for (let k = 0; k < lines.length; k++) {
      ctx.fillText(lines[k], margin + panelPad + off, panelY + panelPad + k * lineH + off, maxTextW);
    }
    ctx.fillStyle = "#ffffff";
    for (let k = 0; k < lines.length; k++) {
      ctx.fillText(lines[k], margin + panelPad, panelY + panelPad + k * lineH, maxTextW);
    }
    ctx.globalAlpha = 1;

    // Timecode + frame counter, bottom-right; progress hairline at the very bottom.
    const tcPx = Math.max(12, Math.round(minDim * 0.024));
    ctx.font = `${tcPx}px VgenMono`;
    ctx.textAlign = "right";
    ctx.textBaseline = "bottom";
    const tc = `${timecode(chain.startFrame + i, fps)}  ${String(i + 1).padStart(4, "0")}/${String(frames).padStart(4, "0")}`;
    ctx.fillStyle = "rgba(0,0,0,0.55)";
    ctx.fillText(tc, W - margin + 1, H - margin * 0.5 + 1);
    ctx.fillStyle = "rgba(255,255,255,0.85)";
    ctx.fillText(tc, W - margin, H - margin * 0.5);
    ctx.textAlign = "left";
    ctx.font = `${tcPx}px VgenMono`;
    ctx.fillStyle = "rgba(255,255,255,0.6)";
    ctx.fillText(`seed ${seed}  ·  ${durationS}s @ ${fps}fps`, margin, H - margin * 0.5);
    ctx.fillStyle = "rgba(255,255,255,0.5)";
    const barH = Math.max(2, Math.round(minDim / 240));
    ctx.fillRect(0, H - barH, W * ((i + 1) / frames), barH);
  };
}
