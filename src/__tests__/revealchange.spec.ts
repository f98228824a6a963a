import { firstChange } from '../views/revealchange';

describe('firstChange', () => {
  it('finds the changed words at the end of a long line', () => {
    const before = "df = frame.drop(['unused', 'other'], axis='col')";
    const after = "df = frame.drop(['unused', 'other'], axis='columns')";
    const change = firstChange(before, after)!;
    const at = before.indexOf("'col'") + 4;
    expect(change.new[0]).toBe(at);
    expect(after.slice(change.new[0], change.new[1])).toBe('umns');
    expect(before.slice(change.old[0], change.old[1])).toBe('');
  });

  it('ends the span on its first line when the change spans lines', () => {
    const change = firstChange('a = 1\nb = 2\n', 'a = 3\nc = 4\n')!;
    expect(change.new).toEqual([4, 5]);
    expect(change.old).toEqual([4, 5]);
  });

  it('is null for the same source', () => {
    expect(firstChange('x', 'x')).toBeNull();
  });
});
