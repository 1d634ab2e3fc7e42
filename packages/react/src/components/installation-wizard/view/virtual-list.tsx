'use client';

import type { ReactNode } from 'react';
import { useState } from 'react';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row has this height in pixels: windowing needs it to place rows without measuring them. */
  rowHeight: number;
  /** Height of the scrolling box in pixels. */
  height: number;
  /** Below this many items everything renders, so short lists keep plain tab order. Default 60. */
  threshold?: number;
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T) => string;
  label: string;
}

/**
 * Renders only the rows in view (plus a margin) of a long list, so 2,000 provider fields mount and
 * filter as fast as 20. The scroll box is focusable and labelled, so keyboard users can scroll it.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, height, threshold = 60, renderItem, getKey, label } = props;
  const [scrollTop, setScrollTop] = useState(0);
  const windowed = items.length > threshold;
  const overscan = 8;
  const first = windowed ? Math.max(0, Math.floor(scrollTop / rowHeight) - overscan) : 0;
  const last = windowed
    ? Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan)
    : items.length;
  return (
    <section
      data-part="list"
      data-state={windowed ? 'windowed' : 'full'}
      aria-label={label}
      // A scrollable region must be focusable so keyboard users can scroll it.
      tabIndex={windowed ? 0 : undefined}
      style={windowed ? { height, overflowY: 'auto', position: 'relative' } : undefined}
      onScroll={windowed ? (event) => setScrollTop(event.currentTarget.scrollTop) : undefined}
    >
      <div style={windowed ? { height: items.length * rowHeight, position: 'relative' } : undefined}>
        {items.slice(first, last).map((item, offset) => (
          <div
            key={getKey(item)}
            data-part="list-row"
            style={
              windowed
                ? {
                    position: 'absolute',
                    top: (first + offset) * rowHeight,
                    height: rowHeight,
                    insetInline: 0,
                  }
                : undefined
            }
          >
            {renderItem(item, first + offset)}
          </div>
        ))}
      </div>
    </section>
  );
}
