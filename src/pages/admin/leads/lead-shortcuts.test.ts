// The leads table's keys: where a key moves the focus and which shortcut applies to which lead.
import { describe, expect, it, vi } from 'vitest';
import type { LeadView } from '../../../../schemas/lead.ts';
import { rowMove, rowShortcut, type RowActions } from './lead-shortcuts.ts';

const actions = () =>
  Object.fromEntries(
    ['onClaim', 'onClaimMine', 'onUnclaim', 'onStatus', 'onLogCall', 'onNotes', 'onOpen', 'onDelete', 'onRestore', 'onShowFirst'].map(
      (k) => [k, vi.fn()],
    ),
  ) as unknown as Record<keyof RowActions, ReturnType<typeof vi.fn>>;

describe('leads table keys', () => {
  it('moves between rows and stops at the ends', () => {
    expect(rowMove('j', 0, 3)).toBe(1);
    expect(rowMove('ArrowDown', 2, 3)).toBe(2);
    expect(rowMove('k', 0, 3)).toBe(0);
    expect(rowMove('End', 0, 3)).toBe(2);
    expect(rowMove('Home', 2, 3)).toBe(0);
    expect(rowMove('x', 1, 3)).toBeNull();
    expect(rowMove('j', 0, 0)).toBeNull();
  });

  it('claims only an unclaimed lead and logs calls only on a claimed open one', () => {
    const unclaimed = { status: 'unclaimed', claimedBy: null } as LeadView;
    const claimed = { status: 'called', claimedBy: 'Stef' } as LeadView;
    const a = actions();
    expect(rowShortcut('c', unclaimed, a as unknown as RowActions)).toBe(true);
    expect(rowShortcut('c', claimed, a as unknown as RowActions)).toBe(true);
    expect(a.onClaimMine).toHaveBeenCalledTimes(1);
    rowShortcut('l', unclaimed, a as unknown as RowActions);
    rowShortcut('l', claimed, a as unknown as RowActions);
    rowShortcut('l', { ...claimed, status: 'lost' }, a as unknown as RowActions);
    expect(a.onLogCall).toHaveBeenCalledTimes(1);
    expect(a.onLogCall).toHaveBeenCalledWith(claimed);
    expect(rowShortcut('q', claimed, a as unknown as RowActions)).toBe(false);
  });
});
