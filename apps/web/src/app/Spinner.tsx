/** A CSS-only spinner for page fallbacks, so the first load needs no animation library. */
export function Spinner({ label }: { label?: string }) {
  return <span className="cab-spinner" role="progressbar" aria-label={label} />;
}
