// The console's one icon component: a 24-unit SVG path drawn filled (the navigation's glyphs) or as
// a line (the activity and timeline marks), always hidden from screen readers beside its text.

export function Icon({ path, line = false, className = 'h-5 w-5' }: { path: string; line?: boolean; className?: string }) {
  const stroke = line
    ? { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const }
    : { fill: 'currentColor' };
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" {...stroke}>
      <path d={path} />
    </svg>
  );
}
