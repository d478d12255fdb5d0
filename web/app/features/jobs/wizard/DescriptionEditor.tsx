import { Input } from "@mantine/core";
import { HintTooltip } from "~/components/HintTooltip";
import { Link, RichTextEditor, useRichTextEditorContext } from "@mantine/tiptap";
import {
  IconIndentDecrease,
  IconIndentIncrease,
  IconTableMinus,
  IconTablePlus,
  IconVideo,
  type TablerIcon,
} from "@tabler/icons-react";
import { TableKit } from "@tiptap/extension-table";
import Youtube from "@tiptap/extension-youtube";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useMemo } from "react";
import { type IntlShape, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  indent: { id: "editor.indent", defaultMessage: "Indent" },
  outdent: { id: "editor.outdent", defaultMessage: "Outdent" },
  insertTable: { id: "editor.insertTable", defaultMessage: "Insert a table" },
  deleteTable: { id: "editor.deleteTable", defaultMessage: "Delete the table" },
  videoAddress: { id: "editor.videoAddress", defaultMessage: "YouTube or Vimeo address" },
  embedVideo: { id: "editor.embedVideo", defaultMessage: "Embed a video" },
  adminTools: { id: "editor.adminTools", defaultMessage: "Administrator tools" },
  bold: { id: "editor.bold", defaultMessage: "Bold" },
  italic: { id: "editor.italic", defaultMessage: "Italic" },
  underline: { id: "editor.underline", defaultMessage: "Underline" },
  strike: { id: "editor.strike", defaultMessage: "Strikethrough" },
  clearFormatting: { id: "editor.clearFormatting", defaultMessage: "Clear formatting" },
  h2: { id: "editor.h2", defaultMessage: "Heading 2" },
  h3: { id: "editor.h3", defaultMessage: "Heading 3" },
  h4: { id: "editor.h4", defaultMessage: "Heading 4" },
  bulletList: { id: "editor.bulletList", defaultMessage: "Bullet list" },
  orderedList: { id: "editor.orderedList", defaultMessage: "Ordered list" },
  blockquote: { id: "editor.blockquote", defaultMessage: "Blockquote" },
  hr: { id: "editor.hr", defaultMessage: "Horizontal line" },
  link: { id: "editor.link", defaultMessage: "Link" },
  unlink: { id: "editor.unlink", defaultMessage: "Remove link" },
  undo: { id: "editor.undo", defaultMessage: "Undo" },
  redo: { id: "editor.redo", defaultMessage: "Redo" },
  linkInput: { id: "editor.linkEditor.input", defaultMessage: "Enter URL" },
  linkExternal: { id: "editor.linkEditor.external", defaultMessage: "Open link in a new tab" },
  linkInternal: { id: "editor.linkEditor.internal", defaultMessage: "Open link in the same tab" },
  linkSave: { id: "editor.linkEditor.save", defaultMessage: "Save" },
});

/** Mantine's toolbar labels (the controls used here) in the page's language. */
function editorLabels(intl: IntlShape) {
  const t = (key: keyof typeof messages) => intl.formatMessage(messages[key]);
  return {
    boldControlLabel: t("bold"),
    italicControlLabel: t("italic"),
    underlineControlLabel: t("underline"),
    strikeControlLabel: t("strike"),
    clearFormattingControlLabel: t("clearFormatting"),
    h2ControlLabel: t("h2"),
    h3ControlLabel: t("h3"),
    h4ControlLabel: t("h4"),
    bulletListControlLabel: t("bulletList"),
    orderedListControlLabel: t("orderedList"),
    blockquoteControlLabel: t("blockquote"),
    hrControlLabel: t("hr"),
    linkControlLabel: t("link"),
    unlinkControlLabel: t("unlink"),
    undoControlLabel: t("undo"),
    redoControlLabel: t("redo"),
    linkEditorInputLabel: t("linkInput"),
    linkEditorExternalLink: t("linkExternal"),
    linkEditorInternalLink: t("linkInternal"),
    linkEditorSave: t("linkSave"),
  };
}

/** A tool the editor's own set lacks: its icon, its name for screen readers and a tooltip. */
function ToolControl({ onClick, label, icon: ToolIcon }: { onClick: () => void; label: string; icon: TablerIcon }) {
  return (
    <HintTooltip label={label} withArrow>
      <RichTextEditor.Control onClick={onClick} aria-label={label}>
        <ToolIcon size={16} stroke={1.5} aria-hidden="true" />
      </RichTextEditor.Control>
    </HintTooltip>
  );
}

function IndentControls() {
  const intl = useIntl();
  const { editor } = useRichTextEditorContext();
  return (
    <>
      <ToolControl onClick={() => editor?.chain().focus().sinkListItem("listItem").run()} label={intl.formatMessage(messages.indent)} icon={IconIndentIncrease} />
      <ToolControl onClick={() => editor?.chain().focus().liftListItem("listItem").run()} label={intl.formatMessage(messages.outdent)} icon={IconIndentDecrease} />
    </>
  );
}

function TableControls() {
  const intl = useIntl();
  const { editor } = useRichTextEditorContext();
  return (
    <>
      <ToolControl onClick={() => editor?.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()} label={intl.formatMessage(messages.insertTable)} icon={IconTablePlus} />
      <ToolControl onClick={() => editor?.chain().focus().deleteTable().run()} label={intl.formatMessage(messages.deleteTable)} icon={IconTableMinus} />
    </>
  );
}

function MediaEmbedControl() {
  const intl = useIntl();
  const { editor } = useRichTextEditorContext();
  return (
    <ToolControl
      onClick={() => {
        const src = window.prompt(intl.formatMessage(messages.videoAddress));
        if (src) editor?.chain().focus().setYoutubeVideo({ src }).run();
      }}
      label={intl.formatMessage(messages.embedVideo)}
      icon={IconVideo}
    />
  );
}

/**
 * The description's rich-text editor (spec 5): everyone gets headings, emphasis, lists, quotes
 * and links; admin-like users also indent, tables and media embeds (their descriptions are
 * kept in the full HTML format, everyone else's in the filtered one: the server sanitizes).
 */
export function DescriptionEditor({
  label,
  value,
  onChange,
  richToolbar,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  richToolbar: boolean;
  error?: string;
}) {
  const intl = useIntl();
  const labels = useMemo(() => editorLabels(intl), [intl]);
  const id = useId();
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: false }),
      Link,
      ...(richToolbar ? [TableKit, Youtube.configure({ nocookie: true })] : []),
    ],
    content: value,
    editorProps: { attributes: { "aria-labelledby": `${id}-label`, role: "textbox", "aria-multiline": "true" } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });
  // A job loaded later (or reset) replaces the content; typing does not loop back here.
  useEffect(() => {
    if (editor && !editor.isFocused && editor.getHTML() !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} labelProps={{ id: `${id}-label` }} error={error}>
      <RichTextEditor editor={editor} mt={4} labels={labels}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          {richToolbar ? (
            <RichTextEditor.ControlsGroup aria-label={intl.formatMessage(messages.adminTools)} data-testid="admin-toolbar">
              <IndentControls />
              <TableControls />
              <MediaEmbedControl />
            </RichTextEditor.ControlsGroup>
          ) : null}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
