/**
 * A first-page thumbnail for documents that are text (DOC, DOCX, TXT): their first lines drawn
 * on a white page in the page's proportions, so a card shows what the file begins with.
 */
export async function textThumbnail(text: string, width: number, quality: number): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  // A4 proportions, drawn at 2x the thumbnail's width and scaled down (smoother text).
  const W = width * 2;
  const H = Math.round(W * 1.414);
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = '#222';
  const size = Math.round(W / 26);
  ctx.font = `${size}px sans-serif`;
  const margin = Math.round(W / 12);
  const maxWidth = W - 2 * margin;
  let y = margin + size;
  for (const paragraph of text.split('\n').slice(0, 60)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (ctx.measureText(next).width > maxWidth && line) {
        ctx.fillText(line, margin, y);
        y += size * 1.4;
        line = word;
        if (y > H - margin) break;
      } else line = next;
    }
    if (y > H - margin) break;
    if (line) ctx.fillText(line, margin, y);
    y += size * 1.4;
    if (y > H - margin) break;
  }
  const small = createCanvas(width, Math.round(H / 2));
  small.getContext('2d').drawImage(canvas, 0, 0, width, Math.round(H / 2));
  return small.toBuffer('image/webp', quality);
}
