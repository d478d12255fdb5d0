import { Tooltip, type TooltipProps } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
  useRef,
  useState,
} from "react";

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export interface HintTooltipProps
  extends Omit<TooltipProps, "children" | "target" | "opened" | "defaultOpened" | "events"> {
  /** The control it names: an element that takes a ref (a Mantine component, a DOM element). */
  children: ReactElement<TriggerProps>;
  /** Keyboard focus shows it too (hovering always does). */
  focus?: boolean;
}

/**
 * A Mantine Tooltip rendered only while it is shown. A closed Tooltip still mounts its portal
 * (an effect and a node in the body each) and its floating-ui state, at every page's hydration
 * and for every copy of it (a sidebar link, a carousel arrow, a verified badge per result); here
 * the control renders alone until pointed at (or focused), then the tooltip attaches to it
 * (`target`). The control keeps its own accessible name (an `aria-label` or its text): the
 * tooltip shows it, it does not give it.
 */
export function HintTooltip({ children, focus = false, disabled, ...tooltip }: HintTooltipProps) {
  const target = useRef<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const own = children.props;
  const ref = useMergedRef(target, own.ref);
  const trigger = cloneElement(children, {
    ref,
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      own.onMouseEnter?.(event);
      setHovered(true);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      setHovered(false);
    },
    ...(focus
      ? {
          onFocus: (event: FocusEvent<HTMLElement>) => {
            own.onFocus?.(event);
            setFocused(true);
          },
          onBlur: (event: FocusEvent<HTMLElement>) => {
            own.onBlur?.(event);
            setFocused(false);
          },
        }
      : {}),
  });
  const shown = !disabled && (hovered || focused);
  return (
    <>
      {trigger}
      {shown ? <Tooltip {...tooltip} target={target} opened /> : null}
    </>
  );
}
