import { Classes, PopoverNext, type PopoverNextPlacement } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * A hover hint styled as a Blueprint tooltip. Built on PopoverNext because Blueprint's classic
 * Popover/Tooltip mis-positions under React 19 (it warns as much at runtime).
 */
export function Hint({
  content,
  placement = 'right',
  fill = false,
  children,
}: {
  content: ReactNode;
  placement?: PopoverNextPlacement;
  fill?: boolean;
  children: ReactNode;
}) {
  return (
    <PopoverNext
      interactionKind="hover-target"
      content={<span>{content}</span>}
      placement={placement}
      popoverClassName={Classes.TOOLTIP}
      hoverOpenDelay={150}
      autoFocus={false}
      enforceFocus={false}
      fill={fill}
    >
      {children}
    </PopoverNext>
  );
}
