import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BgColorsOutlined,
  BoldOutlined,
  DisconnectOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES } from '@switchboard/contracts';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { Button, Divider, Flex, Popover, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readAsDataUrl } from '@/lib/read-file';
import { announcementEditorExtensions, editorImageAllowed, pictureProblem } from '../editor/extensions';
import { ImageDialog } from './ImageDialog';
import { LinkDialog } from './LinkDialog';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
  /** The field's name, for screen readers (the label is not a <label> of a native control). */
  'aria-label'?: string;
}

/** Text colours offered (the policy keeps #hex colours). */
const COLORS = ['#000000', '#595959', '#f5222d', '#fa8c16', '#d4b106', '#52c41a', '#1677ff', '#722ed1'];

const KB = Math.round(ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES / 1024);

function ToolButton({
  label,
  icon,
  active = false,
  disabled = false,
  onClick,
  testId,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        ghost={active}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        data-testid={testId}
        // Keeps the editor's selection: the button acts on it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** What the toolbar shows as on, read from the editor at each change of selection or content. */
function useToolbarState(editor: Editor | null) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h1: e.isActive('heading', { level: 1 }),
            h2: e.isActive('heading', { level: 2 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            blockquote: e.isActive('blockquote'),
            center: e.isActive({ textAlign: 'center' }),
            right: e.isActive({ textAlign: 'right' }),
            link: e.isActive('link'),
            color: (e.getAttributes('textStyle').color as string | undefined) ?? null,
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
}

/**
 * The announcement editor (TipTap): headings 1–2, bold, italic, underline, strike, lists, quote,
 * alignment, text colour, links (a dialog) and pictures (an https address, or a small picture
 * pasted, dropped or uploaded inline). Its document holds only what the shared HTML policy keeps
 * (editor/extensions.ts), so its HTML reaches readers as written. The value is that HTML, '' when
 * empty.
 */
export function RichTextEditor({
  value = '',
  onChange,
  id,
  'aria-invalid': invalid,
  'aria-label': label,
}: Props) {
  const { t } = useTranslation('notices');
  const extensions = useMemo(() => announcementEditorExtensions(), []);
  // The last HTML this editor reported: a value that differs came from outside (a draft, a reset).
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const editorRef = useRef<Editor | null>(null);

  /** Pictures pasted or dropped as files go inline, if small enough. */
  const insertPictures = (files: File[]) => {
    const pictures = files.filter((file) => file.type.startsWith('image/'));
    if (pictures.length === 0) return false;
    for (const picture of pictures) {
      const why = pictureProblem(picture);
      if (why) {
        setProblem(why === 'size' ? t('editor.pictureTooLarge', { kb: KB }) : t('editor.pictureBadType'));
        continue;
      }
      readAsDataUrl(picture).then(
        (src) => {
          if (!editorImageAllowed(src)) return setProblem(t('editor.pictureBadType'));
          setProblem(null);
          editorRef.current?.chain().focus().setImage({ src }).run();
        },
        () => setProblem(t('editor.pictureUnreadable')),
      );
    }
    return true;
  };

  // The editable area is the form field's control: its id, state and name. (Given with the options
  // at each render: the hook applies them, so they are never lost.)
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'data-testid': 'editor-area',
    class: 'sb-rich-text',
  };
  if (id) attributes.id = id;
  if (label) attributes['aria-label'] = label;
  if (invalid) attributes['aria-invalid'] = 'true';

  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes,
      handlePaste: (_view, event) => insertPictures(Array.from(event.clipboardData?.files ?? [])),
      handleDrop: (_view, event) =>
        insertPictures(Array.from((event as DragEvent).dataTransfer?.files ?? [])),
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });
  editorRef.current = editor;

  // A value from outside (a draft opened, the form reset) goes into the editor, silently.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useToolbarState(editor);
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    if (editor) command(editor.chain().focus()).run();
  };

  const colorPicker = (
    <Flex gap={6} wrap style={{ width: 176 }} data-testid="editor-colors">
      {COLORS.map((color) => (
        <button
          key={color}
          type="button"
          aria-label={t('editor.colorOf', { color })}
          aria-pressed={state?.color === color}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => run((chain) => chain.setColor(color))}
          style={{
            width: 22,
            height: 22,
            borderRadius: 4,
            border: state?.color === color ? '2px solid #000' : '1px solid #d9d9d9',
            background: color,
            cursor: 'pointer',
          }}
        />
      ))}
      <Button
        size="small"
        block
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => run((chain) => chain.unsetColor())}
      >
        {t('editor.colorDefault')}
      </Button>
    </Flex>
  );

  return (
    <div>
      <div style={{ border: `1px solid ${invalid ? '#ff4d4f' : '#d9d9d9'}`, borderRadius: 6 }}>
        <Flex
          gap={2}
          wrap
          align="center"
          role="toolbar"
          aria-label={t('editor.toolbar')}
          style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}
        >
          <ToolButton
            label={t('editor.heading1')}
            icon={<FontSizeOutlined />}
            active={state?.h1}
            onClick={() => run((chain) => chain.toggleHeading({ level: 1 }))}
          />
          <ToolButton
            label={t('editor.heading2')}
            icon={<FontSizeOutlined style={{ fontSize: 11 }} />}
            active={state?.h2}
            onClick={() => run((chain) => chain.toggleHeading({ level: 2 }))}
          />
          <Divider orientation="vertical" />
          <ToolButton
            label={t('editor.bold')}
            icon={<BoldOutlined />}
            active={state?.bold}
            onClick={() => run((chain) => chain.toggleBold())}
          />
          <ToolButton
            label={t('editor.italic')}
            icon={<ItalicOutlined />}
            active={state?.italic}
            onClick={() => run((chain) => chain.toggleItalic())}
          />
          <ToolButton
            label={t('editor.underline')}
            icon={<UnderlineOutlined />}
            active={state?.underline}
            onClick={() => run((chain) => chain.toggleUnderline())}
          />
          <ToolButton
            label={t('editor.strike')}
            icon={<StrikethroughOutlined />}
            active={state?.strike}
            onClick={() => run((chain) => chain.toggleStrike())}
          />
          <Popover trigger="click" content={colorPicker} placement="bottom">
            <Tooltip title={t('editor.color')}>
              <Button
                size="small"
                type="text"
                aria-label={t('editor.color')}
                icon={<BgColorsOutlined style={state?.color ? { color: state.color } : undefined} />}
                onMouseDown={(event) => event.preventDefault()}
              />
            </Tooltip>
          </Popover>
          <Divider orientation="vertical" />
          <ToolButton
            label={t('editor.bulletList')}
            icon={<UnorderedListOutlined />}
            active={state?.bulletList}
            onClick={() => run((chain) => chain.toggleBulletList())}
          />
          <ToolButton
            label={t('editor.orderedList')}
            icon={<OrderedListOutlined />}
            active={state?.orderedList}
            onClick={() => run((chain) => chain.toggleOrderedList())}
          />
          <ToolButton
            label={t('editor.alignLeft')}
            icon={<AlignLeftOutlined />}
            active={state ? !state.center && !state.right : false}
            onClick={() => run((chain) => chain.unsetTextAlign())}
          />
          <ToolButton
            label={t('editor.alignCenter')}
            icon={<AlignCenterOutlined />}
            active={state?.center}
            onClick={() => run((chain) => chain.setTextAlign('center'))}
          />
          <ToolButton
            label={t('editor.alignRight')}
            icon={<AlignRightOutlined />}
            active={state?.right}
            onClick={() => run((chain) => chain.setTextAlign('right'))}
          />
          <Divider orientation="vertical" />
          <ToolButton
            label={t('editor.link')}
            icon={<LinkOutlined />}
            active={state?.link}
            onClick={() => setLinkOpen(true)}
          />
          {state?.link ? (
            <ToolButton
              label={t('editor.unlink')}
              icon={<DisconnectOutlined />}
              onClick={() => run((chain) => chain.extendMarkRange('link').unsetLink())}
            />
          ) : null}
          <ToolButton
            label={t('editor.image')}
            icon={<PictureOutlined />}
            onClick={() => setImageOpen(true)}
          />
          <Divider orientation="vertical" />
          <ToolButton
            label={t('editor.undo')}
            icon={<UndoOutlined />}
            disabled={!state?.canUndo}
            onClick={() => run((chain) => chain.undo())}
          />
          <ToolButton
            label={t('editor.redo')}
            icon={<RedoOutlined />}
            disabled={!state?.canRedo}
            onClick={() => run((chain) => chain.redo())}
          />
        </Flex>
        <EditorContent editor={editor} />
      </div>
      {problem ? (
        <Typography.Text type="danger" role="alert" data-testid="editor-problem">
          {problem}
        </Typography.Text>
      ) : null}
      <LinkDialog
        open={linkOpen}
        href={editor?.getAttributes('link').href as string | undefined}
        selectionEmpty={editor?.state.selection.empty ?? true}
        onCancel={() => setLinkOpen(false)}
        onApply={({ href, text }) => {
          setLinkOpen(false);
          if (!editor) return;
          const chain = editor.chain().focus();
          if (editor.state.selection.empty && !editor.isActive('link')) {
            // What is typed next is no longer part of the link.
            chain
              .insertContent({ type: 'text', text: text || href, marks: [{ type: 'link', attrs: { href } }] })
              .unsetMark('link')
              .run();
          } else {
            chain.extendMarkRange('link').setLink({ href }).run();
          }
        }}
      />
      <ImageDialog
        open={imageOpen}
        onCancel={() => setImageOpen(false)}
        onInsert={({ src, alt }) => {
          setImageOpen(false);
          setProblem(null);
          editor
            ?.chain()
            .focus()
            .setImage({ src, alt: alt || undefined })
            .run();
        }}
      />
    </div>
  );
}
