import { BOOK_PATHS } from '@cab/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { useUserStore } from '../../stores/user.ts';
import '../../i18n/accounting.ts';

/** The pickers' two styles (SPEC 3: flat by default): icon tiles, or one compact line per item. */
export type PickerStyle = 'flat' | 'list';

/** The user-level preference that remembers the style, for every book. */
export const PICKER_STYLE_KEY = 'accounting.picker_style';

/** A stored value read as a style: anything but 'list' (unset, unknown) is the default, flat. */
export const pickerStyleOf = (value: string | undefined): PickerStyle => (value === 'list' ? 'list' : 'flat');

export const pickerStyleQuery = (userId: string) =>
  queryOptions({
    queryKey: ['preferences', userId, PICKER_STYLE_KEY] as const,
    queryFn: () =>
      request<{ data: Array<{ key: string; value: string }> }>(`${BOOK_PATHS.preference}?keys=${PICKER_STYLE_KEY}`, {
        method: 'GET',
        loading: false,
        showError: false,
      }).then((r) => pickerStyleOf(r.data.find((c) => c.key === PICKER_STYLE_KEY)?.value)),
    staleTime: Infinity,
  });

/**
 * The caller's picker style and its switch. The choice shows at once and is saved as
 * the user's preference; a failed save is toasted and the style goes back. While the
 * preference loads, `pending` holds the picker on its skeleton (no flat-then-list
 * flash); a failed load means the default.
 */
export function usePickerStyle() {
  const userId = useUserStore((s) => s.user?.userid ?? '');
  const qc = useQueryClient();
  const query = pickerStyleQuery(userId);
  const q = useQuery({ ...query, enabled: Boolean(userId) });
  const save = useMutation({
    mutationFn: (style: PickerStyle) =>
      request(BOOK_PATHS.preference, {
        method: 'PATCH',
        loading: false,
        data: { configs: [{ key: PICKER_STYLE_KEY, value: style }], level: 'user' },
      }),
    onMutate: (style) => {
      const before = qc.getQueryData(query.queryKey);
      qc.setQueryData(query.queryKey, style);
      return { before };
    },
    onError: (_err, _style, ctx) => qc.setQueryData(query.queryKey, ctx?.before),
  });
  const style = q.data ?? 'flat';
  return {
    style,
    pending: Boolean(userId) && q.isPending,
    toggle: () => save.mutate(style === 'flat' ? 'list' : 'flat'),
  };
}
