import { placement } from '../views/revealchange';

// a scroller showing code from x = 100 to x = 500 (400 px), 24 px kept at the right
const LEFT = 100;
const RIGHT = 500;

describe('placement', () => {
  it('leaves spans already in view alone', () => {
    expect(placement([{ left: 120, right: 300 }], LEFT, RIGHT)).toBeNull();
    expect(placement([], LEFT, RIGHT)).toBeNull();
  });

  it('scrolls a change past the edge to a third of the width', () => {
    const move = placement([{ left: 900, right: 940 }], LEFT, RIGHT);
    expect(move).not.toBe('wrap');
    const shift = (move as { shift: number }).shift;
    // after the scroll the span starts a third of the way in
    expect(900 - shift).toBeCloseTo(LEFT + 400 / 3);
  });

  it('shows two changes together when one scroll can', () => {
    const spans = [
      { left: 450, right: 470 },
      { left: 700, right: 760 }
    ];
    const shift = (placement(spans, LEFT, RIGHT) as { shift: number }).shift;
    for (const span of spans) {
      expect(span.left - shift).toBeGreaterThanOrEqual(LEFT);
      expect(span.right - shift).toBeLessThanOrEqual(RIGHT - 24);
    }
  });

  it('wraps when an added line at the left edge and an edit past the edge cannot show together', () => {
    // `import numpy as np` added at column 0, `dtype=np.uint8` at column ~120
    const spans = [
      { left: 100, right: 260 },
      { left: 1100, right: 1180 }
    ];
    expect(placement(spans, LEFT, RIGHT)).toBe('wrap');
  });
});
