/**
 * One label and its figure in a payment's summary (results, quotes, the buy sheets); the
 * look is commerce.css's `.pay-row`, which the caller's page loads.
 */
export function PayRow({ label, value, testId, className }: { label: string; value: string; testId?: string; className?: string }) {
  return (
    <div className="pay-row">
      <span className="pay-row-label">{label}</span>
      <span className={className ? `pay-row-value ${className}` : 'pay-row-value'} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
