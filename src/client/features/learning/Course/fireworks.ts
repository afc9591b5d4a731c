/**
 * A few seconds of fireworks on a canvas over the page, for a finished course. Small enough to keep here rather
 * than add a library; nothing is drawn for people who ask for reduced motion.
 */

interface Spark {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  color: string;
}

const COLORS = ['#ffd43b', '#ff6b6b', '#4dabf7', '#69db7c', '#da77f2', '#ffa94d'];
const DURATION_MS = 3_500;
const GRAVITY = 0.06;

export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Starts the fireworks on `canvas`; answers a function that stops them early. */
export function launchFireworks(canvas: HTMLCanvasElement): () => void {
  const ctx = canvas.getContext('2d');
  if (!ctx || prefersReducedMotion()) return () => {};
  const ratio = window.devicePixelRatio || 1;
  const resize = () => {
    canvas.width = Math.floor(canvas.clientWidth * ratio);
    canvas.height = Math.floor(canvas.clientHeight * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  };
  resize();

  const sparks: Spark[] = [];
  const burst = () => {
    const x = canvas.clientWidth * (0.15 + Math.random() * 0.7);
    const y = canvas.clientHeight * (0.15 + Math.random() * 0.35);
    const color = COLORS[Math.floor(Math.random() * COLORS.length)] ?? '#ffd43b';
    for (let i = 0; i < 60; i++) {
      const angle = (Math.PI * 2 * i) / 60;
      const speed = 1.5 + Math.random() * 3;
      sparks.push({ x, y, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed, life: 1, color });
    }
  };

  const started = performance.now();
  let nextBurst = started;
  let frame = 0;
  const step = (now: number) => {
    if (now >= nextBurst && now - started < DURATION_MS - 1_000) {
      burst();
      nextBurst = now + 350 + Math.random() * 300;
    }
    ctx.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
    for (const spark of sparks) {
      spark.vy += GRAVITY;
      spark.vx *= 0.985;
      spark.x += spark.vx;
      spark.y += spark.vy;
      spark.life -= 0.012;
      if (spark.life <= 0) continue;
      ctx.globalAlpha = spark.life;
      ctx.fillStyle = spark.color;
      ctx.beginPath();
      ctx.arc(spark.x, spark.y, 2.5, 0, Math.PI * 2);
      ctx.fill();
    }
    for (let i = sparks.length - 1; i >= 0; i--) if ((sparks[i]?.life ?? 0) <= 0) sparks.splice(i, 1);
    if (now - started < DURATION_MS || sparks.length > 0) frame = requestAnimationFrame(step);
    else ctx.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  };
  frame = requestAnimationFrame(step);
  window.addEventListener('resize', resize);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('resize', resize);
    ctx.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  };
}
