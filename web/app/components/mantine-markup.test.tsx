import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  MantineProvider,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ButtonLink } from "./ButtonLink";
import { Link } from "./Link";
import { AvatarMarkup, card } from "./mantine-card-markup";
import {
  anchor,
  BADGE_LABEL,
  BADGE_SECTION,
  badge,
  BUTTON_INNER,
  BUTTON_LABEL,
  BUTTON_SECTION,
  button,
  group,
  paper,
  stack,
  text,
  title,
  unstyledButton,
} from "./mantine-markup";
import { theme } from "~/lib/theme";

/**
 * The element tree as the browser's stylesheets see it: attributes in one order, class names and
 * style declarations sorted, without what no stylesheet reads (`data-size`, an empty class).
 */
function shape(element: ReactElement): string {
  const html = renderToStaticMarkup(<MantineProvider theme={theme}>{element}</MantineProvider>);
  const root = document.createElement("div");
  root.innerHTML = html;
  const outline = (node: Element): string => {
    const attributes = [...node.attributes]
      .filter((attribute) => attribute.name !== "data-size" && !(attribute.name === "class" && !attribute.value))
      .map((attribute) => {
        if (attribute.name === "class") return `class=${attribute.value.split(/\s+/).sort().join(" ")}`;
        if (attribute.name === "style") {
          return `style=${attribute.value
            .split(";")
            .map((declaration) => declaration.trim().replace(/:\s*/, ":").replace(/\b0rem\b/g, "0"))
            .filter(Boolean)
            .sort()
            .join(";")}`;
        }
        return `${attribute.name}=${attribute.value}`;
      })
      .sort();
    const children = [...node.childNodes].map((child) =>
      child.nodeType === Node.ELEMENT_NODE ? outline(child as Element) : (child.textContent ?? ""),
    );
    return `<${node.tagName.toLowerCase()} ${attributes.join(" ")}>${children.join("")}</>`;
  };
  // Mantine's MantineProvider writes its style elements first; the component is what follows them
  return [...root.children].filter((child) => child.tagName !== "STYLE").map(outline).join("");
}

describe("Mantine's markup as plain elements", () => {
  it("is Text's", () => {
    expect(shape(<p {...text("sm", "text-muted", { fontWeight: 600 })}>x</p>)).toBe(
      shape(
        <Text size="sm" className="text-muted" fw={600}>
          x
        </Text>,
      ),
    );
    expect(shape(<dd {...text("sm", undefined, { margin: 0 })}>x</dd>)).toBe(
      shape(
        <Text size="sm" component="dd" m={0}>
          x
        </Text>,
      ),
    );
  });

  it("is Anchor's", () => {
    expect(shape(<a href="/x" {...anchor("lg", undefined, { fontWeight: 600, lineHeight: 1.3 })}>x</a>)).toBe(
      shape(
        <Anchor href="/x" size="lg" fw={600} lh={1.3}>
          x
        </Anchor>,
      ),
    );
  });

  it("is Title's", () => {
    expect(shape(<h1 {...title(1)}>x</h1>)).toBe(shape(<Title order={1}>x</Title>));
    expect(shape(<h2 id="t" {...title(2, "h3")}>x</h2>)).toBe(
      shape(
        <Title order={2} size="h3" id="t">
          x
        </Title>,
      ),
    );
    expect(shape(<h3 {...title(3, "h4", { overflowWrap: "anywhere" })}>x</h3>)).toBe(
      shape(
        <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
          x
        </Title>,
      ),
    );
    expect(shape(<h2 {...title(2, "lg")}>x</h2>)).toBe(shape(<Title order={2} size="lg">x</Title>));
  });

  it("is Group's and Stack's", () => {
    expect(shape(<div {...group({ gap: 6, wrap: "nowrap", align: "flex-start", className: "row" })} />)).toBe(
      shape(<Group gap={6} wrap="nowrap" align="flex-start" className="row" />),
    );
    expect(shape(<ul {...stack({ gap: "xs" }, { padding: 0 })} />)).toBe(shape(<Stack gap="xs" component="ul" p={0} />));
  });

  it("is Badge's", () => {
    expect(
      shape(
        <div {...badge({ variant: "outline", color: "teal" }, { textTransform: "none" })}>
          <span className={BADGE_LABEL}>x</span>
        </div>,
      ),
    ).toBe(
      shape(
        <Badge variant="outline" color="teal" tt="none">
          x
        </Badge>,
      ),
    );
    expect(
      shape(
        <div {...badge({ variant: "light", color: "grape", size: "sm", withLeftSection: true })}>
          <span className={BADGE_SECTION} data-position="left">
            i
          </span>
          <span className={BADGE_LABEL}>x</span>
        </div>,
      ),
    ).toBe(
      shape(
        <Badge variant="light" color="grape" size="sm" leftSection="i">
          x
        </Badge>,
      ),
    );
    expect(
      shape(
        <div {...badge({ variant: "light", radius: "sm" })}>
          <span className={BADGE_LABEL}>x</span>
        </div>,
      ),
    ).toBe(
      shape(
        <Badge variant="light" radius="sm">
          x
        </Badge>,
      ),
    );
  });

  it("is Button's", () => {
    const inner = (label: string, section?: string) => (
      <span className={BUTTON_INNER}>
        <span className={BUTTON_LABEL}>{label}</span>
        {section ? (
          <span className={BUTTON_SECTION} data-position="right">
            {section}
          </span>
        ) : null}
      </span>
    );
    expect(shape(<a href="/x" {...button()}>{inner("x")}</a>)).toBe(
      shape(
        <Button component="a" href="/x">
          x
        </Button>,
      ),
    );
    expect(
      shape(
        <button type="button" {...button({ variant: "default", fullWidth: true })}>
          {inner("x")}
        </button>,
      ),
    ).toBe(
      shape(
        <Button variant="default" fullWidth loading={false}>
          x
        </Button>,
      ),
    );
    expect(
      shape(
        <a href="/x" {...button({ variant: "light", radius: "xl", withRightSection: true })}>
          {inner("x", "3")}
        </a>,
      ),
    ).toBe(
      shape(
        <Button component="a" href="/x" variant="light" radius="xl" rightSection="3">
          x
        </Button>,
      ),
    );
    expect(
      shape(
        <button type="button" {...button({ variant: "subtle", size: "compact-sm" })}>
          {inner("x")}
        </button>,
      ),
    ).toBe(
      shape(
        <Button variant="subtle" size="compact-sm">
          x
        </Button>,
      ),
    );
    expect(
      shape(
        <button type="button" className={unstyledButton("menu")}>
          x
        </button>,
      ),
    ).toBe(shape(<UnstyledButton className="menu">x</UnstyledButton>));
  });

  it("is a Button's that is a Link", () => {
    const routed = (element: ReactElement) => shape(<MemoryRouter>{element}</MemoryRouter>);
    expect(
      routed(
        <ButtonLink to="/x" markup={button({ withLeftSection: true })} leftSection={<svg />}>
          x
        </ButtonLink>,
      ),
    ).toBe(
      routed(
        <Button component={Link} to="/x" leftSection={<svg />}>
          x
        </Button>,
      ),
    );
    expect(
      routed(
        <ButtonLink to="/x" markup={button({ variant: "default", radius: "xl", withLeftSection: true })} leftSection={<svg />}>
          <span>x</span>
        </ButtonLink>,
      ),
    ).toBe(
      routed(
        <Button component={Link} to="/x" variant="default" radius="xl" leftSection={<svg />}>
          <span>x</span>
        </Button>,
      ),
    );
    expect(
      routed(
        <ButtonLink to="/x" markup={button({ variant: "light" })}>
          x
        </ButtonLink>,
      ),
    ).toBe(
      routed(
        <Button component={Link} to="/x" variant="light">
          x
        </Button>,
      ),
    );
  });

  it("is Paper's", () => {
    expect(shape(<section {...paper({ radius: 0, shadow: "md", className: "banner" }, { padding: "var(--mantine-spacing-md)" })} />)).toBe(
      shape(<Paper component="section" withBorder radius={0} shadow="md" p="md" className="banner" />),
    );
  });

  it("is Card's and Avatar's", () => {
    expect(shape(<article {...card({ radius: "md", padding: "md" })}>x</article>)).toBe(
      shape(
        <Card withBorder radius="md" padding="md" component="article">
          x
        </Card>,
      ),
    );
    expect(
      shape(
        <AvatarMarkup src="/logo.png" alt="" size={50} radius="sm">
          A
        </AvatarMarkup>,
      ),
    ).toBe(
      shape(
        <Avatar src="/logo.png" alt="" size={50} radius="sm">
          A
        </Avatar>,
      ),
    );
    expect(
      shape(
        <AvatarMarkup alt="" size={64} radius="sm">
          A
        </AvatarMarkup>,
      ),
    ).toBe(
      shape(
        <Avatar alt="" size={64} radius="sm">
          A
        </Avatar>,
      ),
    );
  });
});
