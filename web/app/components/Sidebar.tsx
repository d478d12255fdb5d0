import {
  Anchor,
  Group,
  Menu,
  rem,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { HintTooltip } from "./HintTooltip";
import { anchor, group, stack, text, unstyledButton } from "./mantine-markup";
import { IconChevronsLeft, IconChevronsRight, IconDots, type TablerIcon } from "@tabler/icons-react";
import { useCallback, useState, useSyncExternalStore } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useLocation } from "react-router";
import { NavLink } from "~/components/Link";
import { isCurrentMenuItem, menuLink } from "~/lib/menu";
import { useLocalizeTo } from "~/lib/site-locale";
import { BREAKPOINTS_PX } from "~/lib/theme";

const messages = defineMessages({
  collapse: { id: "shell.sidebar.collapse", defaultMessage: "Collapse menu" },
  expand: { id: "shell.sidebar.expand", defaultMessage: "Expand menu" },
  more: { id: "shell.bottomMenu.more", defaultMessage: "More" },
});

export interface MenuItem {
  label: string;
  /** A path, an `internal:` path or an external URL. */
  to: string;
  /** The item's icon (Tabler), beside the label; alone, with a tooltip, when the sidebar is collapsed. */
  icon: TablerIcon;
}

/** The menus' icon size and stroke, in px. */
const ICON_SIZE = 22;
const ICON_STROKE = 1.75;

/** Spec 4: whose sidebar it is; each kind remembers its own open or collapsed state. */
export type SidebarKind = "organization" | "jobseeker" | "visitor";

/** Spec 9's breakpoints: mobile up to 899 px, tablet to 1199, desktop to 1499, large above. */
export const LARGE_SCREEN_QUERY = `(min-width: ${BREAKPOINTS_PX.desktop + 1}px)`;

export function sidebarStorageKey(kind: SidebarKind): string {
  return `jobboard.sidebar.${kind}`;
}

const CHANGED = "jobboard:sidebar";

function readStored(kind: SidebarKind): string | null {
  try {
    return window.localStorage.getItem(sidebarStorageKey(kind));
  } catch {
    return null;
  }
}

function subscribeStored(notify: () => void): () => void {
  window.addEventListener("storage", notify);
  window.addEventListener(CHANGED, notify);
  return () => {
    window.removeEventListener("storage", notify);
    window.removeEventListener(CHANGED, notify);
  };
}

function subscribeLargeScreen(notify: () => void): () => void {
  const query = window.matchMedia?.(LARGE_SCREEN_QUERY);
  query?.addEventListener("change", notify);
  return () => query?.removeEventListener("change", notify);
}

/**
 * Open or collapsed, remembered per kind; collapsed by default (also on the server, so the first
 * paint never jumps). For signed-in kinds a large screen opens it and a smaller one collapses it
 * as the window crosses the breakpoint, until the person chooses.
 */
export function useSidebarOpen(kind: SidebarKind, autoOnLargeScreens: boolean) {
  const stored = useSyncExternalStore(
    subscribeStored,
    () => readStored(kind),
    () => null,
  );
  const large = useSyncExternalStore(
    subscribeLargeScreen,
    () => Boolean(window.matchMedia?.(LARGE_SCREEN_QUERY).matches),
    () => false,
  );
  const open =
    stored === "open" || (stored === null && autoOnLargeScreens && large);
  const toggle = useCallback(() => {
    try {
      window.localStorage.setItem(
        sidebarStorageKey(kind),
        open ? "collapsed" : "open",
      );
    } catch {
      // private mode: nothing to remember it in
    }
    window.dispatchEvent(new Event(CHANGED));
  }, [kind, open]);
  return { open, toggle };
}

// A menu item as Mantine's markup in plain elements (every page has a menu: ADR 0064), made once.
const ITEM_LINK = anchor(undefined, "sidebar-link");
const ITEM_ROW = group({ gap: "sm", wrap: "nowrap" });
const ICON_BOX = { width: rem(24), height: rem(24), display: "inline-flex", justifyContent: "center" } as const;
const ITEM_LABEL = text("sm");
const ITEM_LABEL_HIDDEN = text("sm", "visually-hidden");
const COLUMN = stack({ gap: 4 }, { padding: "var(--mantine-spacing-xs)" });
const TOGGLE = unstyledButton("sidebar-link");
const ITEMS = stack({ gap: 2, className: "site-nav-list" });

function ItemLink({
  item,
  open,
  current,
}: {
  item: MenuItem;
  open: boolean;
  current: boolean;
}) {
  const to = menuLink(item.to);
  const external = to.startsWith("http");
  const ItemIcon = item.icon;
  const content = (
    <div {...ITEM_ROW}>
      <span aria-hidden="true" style={ICON_BOX}>
        <ItemIcon size={ICON_SIZE} stroke={ICON_STROKE} />
      </span>
      <span {...(open ? ITEM_LABEL : ITEM_LABEL_HIDDEN)}>{item.label}</span>
    </div>
  );
  // Collapsed, the link shows its icon only: its label stays for screen readers, the tooltip shows it.
  return (
    <HintTooltip label={item.label} position="right" withArrow disabled={open} focus>
      {external ? (
        <a href={to} rel="noopener" {...ITEM_LINK}>
          {content}
        </a>
      ) : (
        <NavLink
          to={to}
          prefetch="none"
          {...ITEM_LINK}
          aria-current={current ? "page" : undefined}
          data-current={current || undefined}
        >
          {content}
        </NavLink>
      )}
    </HintTooltip>
  );
}

/** The dashboard sidebar of wider screens (phones get the bottom menu instead). */
export function Sidebar({
  kind,
  items,
  label,
  autoOnLargeScreens,
}: {
  kind: SidebarKind;
  items: readonly MenuItem[];
  label: string;
  autoOnLargeScreens: boolean;
}) {
  const intl = useIntl();
  const { open, toggle } = useSidebarOpen(kind, autoOnLargeScreens);
  const { pathname } = useLocation();
  const localize = useLocalizeTo();
  const ToggleIcon = open ? IconChevronsLeft : IconChevronsRight;
  const toggleLabel = intl.formatMessage(open ? messages.collapse : messages.expand);
  return (
    <nav
      aria-label={label}
      className="site-sidebar"
      data-open={open}
      data-testid="sidebar"
      data-kind={kind}
    >
      <div {...COLUMN}>
        <HintTooltip label={toggleLabel} position="right" withArrow disabled={open} focus>
          <button
            type="button"
            onClick={toggle}
            aria-expanded={open}
            aria-controls="sidebar-items"
            className={TOGGLE}
            data-testid="sidebar-toggle"
          >
            <div {...ITEM_ROW}>
              <span aria-hidden="true" style={ICON_BOX}>
                <ToggleIcon size={ICON_SIZE} stroke={ICON_STROKE} />
              </span>
              <span {...(open ? ITEM_LABEL : ITEM_LABEL_HIDDEN)}>{toggleLabel}</span>
            </div>
          </button>
        </HintTooltip>
        <ul {...ITEMS} id="sidebar-items">
          {items.map((item) => (
            <li key={item.to}>
              <ItemLink
                item={item}
                open={open}
                current={isCurrentMenuItem(String(localize(menuLink(item.to))), pathname)}
              />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/**
 * Spec 4: on phones, signed-in people get a bottom menu: the first items at hand and "More" for
 * the rest, whose sub-menu closes again whenever the path changes.
 */
export function BottomMenu({
  items,
  label,
}: {
  items: readonly MenuItem[];
  label: string;
}) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const localize = useLocalizeTo();
  const [moreOpen, setMoreOpen] = useState(false);
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setMoreOpen(false);
  }
  const first = items.slice(0, 3);
  const rest = items.slice(3);
  return (
    <nav aria-label={label} className="bottom-menu" data-testid="bottom-menu">
      <Group
        component="ul"
        className="site-nav-list"
        grow
        gap={0}
        wrap="nowrap"
      >
        {first.map((item) => {
          const ItemIcon = item.icon;
          const current = isCurrentMenuItem(String(localize(menuLink(item.to))), pathname);
          return (
            <li key={item.to}>
              <Anchor
                component={NavLink}
                to={menuLink(item.to)}
                prefetch="none"
                className="bottom-menu-link"
                aria-current={current ? "page" : undefined}
              >
                <ItemIcon size={ICON_SIZE} stroke={ICON_STROKE} aria-hidden="true" />
                <Text component="span" size="xs">
                  {item.label}
                </Text>
              </Anchor>
            </li>
          );
        })}
        {rest.length > 0 ? (
          <li>
            <Menu
              opened={moreOpen}
              onChange={setMoreOpen}
              position="top-end"
              withinPortal
            >
              <Menu.Target>
                <UnstyledButton
                  className="bottom-menu-link"
                  aria-label={intl.formatMessage(messages.more)}
                >
                  <IconDots size={ICON_SIZE} stroke={ICON_STROKE} aria-hidden="true" />
                  <Text component="span" size="xs">
                    <FormattedMessage {...messages.more} />
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {rest.map((item) => (
                  <Menu.Item
                    key={item.to}
                    component={NavLink}
                    to={menuLink(item.to)}
                    leftSection={<item.icon size={18} stroke={ICON_STROKE} aria-hidden="true" />}
                  >
                    {item.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </li>
        ) : null}
      </Group>
    </nav>
  );
}
