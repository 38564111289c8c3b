import { Skeleton } from 'antd-mobile';

/** Rows of messages on their way. */
export function ListSkeleton() {
  return (
    <div className="padded" data-testid="messages-loading">
      {[0, 1, 2].map((i) => (
        <Skeleton.Paragraph key={i} lineCount={2} animated />
      ))}
    </div>
  );
}
