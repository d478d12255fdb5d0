import { Input } from "@mantine/core";
import { Link, RichTextEditor, useRichTextEditorContext } from "@mantine/tiptap";
import { TableKit } from "@tiptap/extension-table";
import Youtube from "@tiptap/extension-youtube";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId } from "react";

function IndentControls() {
  const { editor } = useRichTextEditorContext();
  return (
    <>
      <RichTextEditor.Control
        onClick={() => editor?.chain().focus().sinkListItem("listItem").run()}
        aria-label="Indent"
        title="Indent"
      >
        →
      </RichTextEditor.Control>
      <RichTextEditor.Control
        onClick={() => editor?.chain().focus().liftListItem("listItem").run()}
        aria-label="Outdent"
        title="Outdent"
      >
        ←
      </RichTextEditor.Control>
    </>
  );
}

function TableControls() {
  const { editor } = useRichTextEditorContext();
  return (
    <>
      <RichTextEditor.Control
        onClick={() => editor?.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        aria-label="Insert a table"
        title="Insert a table"
      >
        ▦
      </RichTextEditor.Control>
      <RichTextEditor.Control
        onClick={() => editor?.chain().focus().deleteTable().run()}
        aria-label="Delete the table"
        title="Delete the table"
      >
        ⊠
      </RichTextEditor.Control>
    </>
  );
}

function MediaEmbedControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <RichTextEditor.Control
      onClick={() => {
        const src = window.prompt("YouTube or Vimeo address");
        if (src) editor?.chain().focus().setYoutubeVideo({ src }).run();
      }}
      aria-label="Embed a video"
      title="Embed a video"
    >
      ▶
    </RichTextEditor.Control>
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
      <RichTextEditor editor={editor} mt={4}>
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
            <RichTextEditor.ControlsGroup aria-label="Administrator tools" data-testid="admin-toolbar">
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
