import { Suspense, lazy, useState, type ComponentProps } from 'react';
import type { RoleQuoteSheet as RoleQuoteSheetComponent } from '../../commerce/components/RoleQuoteSheet.tsx';

// A paid role's quote and payment (the commerce area's sheet), with its code, texts and calls on first opening.
const RoleQuoteSheetImpl = lazy(() => import('../../commerce/components/RoleQuoteSheet.tsx').then((m) => ({ default: m.RoleQuoteSheet })));

/** The paid-role quote of the member popup; mounted from the first opening on, so closing still animates. */
export function PaidRoleQuote(props: ComponentProps<typeof RoleQuoteSheetComponent>) {
  const [opened, setOpened] = useState(props.visible);
  if (props.visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RoleQuoteSheetImpl {...props} />
    </Suspense>
  );
}
