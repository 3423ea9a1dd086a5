import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Flex, Input, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '@/features/notices';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
}

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList';

/**
 * A small HTML editor: bold, italic, underline, lists and links on an editable area, and an HTML
 * source view. Whatever is put into the editable area is cleaned first (DOMPurify), and the
 * server cleans the stored HTML again.
 */
export function RichTextEditor({ value = '', onChange, id, ...rest }: Props) {
  const { t } = useTranslation('notices');
  const area = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);

  // Only write into the editable area when the value changed from outside (keeps the caret).
  useEffect(() => {
    const element = area.current;
    if (!element || source) return;
    if (element.innerHTML !== value) element.innerHTML = sanitizeHtml(value);
  }, [value, source]);

  const emit = () => {
    if (area.current) onChange?.(area.current.innerHTML);
  };

  const run = (command: Command | 'createLink', argument?: string) => {
    area.current?.focus();
    // execCommand is deprecated but still the only built-in way to format a selection.
    document.execCommand(command, false, argument);
    emit();
  };

  const addLink = () => {
    const url = window.prompt(t('editor.linkPrompt'), 'https://');
    if (url && /^https?:\/\//i.test(url)) run('createLink', url);
  };

  const tools: { key: Command; icon: ReactNode }[] = [
    { key: 'bold', icon: <BoldOutlined /> },
    { key: 'italic', icon: <ItalicOutlined /> },
    { key: 'underline', icon: <UnderlineOutlined /> },
    { key: 'insertUnorderedList', icon: <UnorderedListOutlined /> },
    { key: 'insertOrderedList', icon: <OrderedListOutlined /> },
  ];

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Flex gap={4} style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={t(`editor.${tool.key}`)}>
            <Button
              size="small"
              type="text"
              icon={tool.icon}
              aria-label={t(`editor.${tool.key}`)}
              disabled={source}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(tool.key)}
            />
          </Tooltip>
        ))}
        <Tooltip title={t('editor.link')}>
          <Button
            size="small"
            type="text"
            icon={<LinkOutlined />}
            aria-label={t('editor.link')}
            disabled={source}
            onMouseDown={(e) => e.preventDefault()}
            onClick={addLink}
          />
        </Tooltip>
        <Tooltip title={t('editor.source')}>
          <Button
            size="small"
            type={source ? 'primary' : 'text'}
            icon={<CodeOutlined />}
            aria-label={t('editor.source')}
            aria-pressed={source}
            data-testid="editor-source"
            onClick={() => setSource((s) => !s)}
          />
        </Tooltip>
      </Flex>
      {source ? (
        <Input.TextArea
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 8, maxRows: 20 }}
          variant="borderless"
          aria-invalid={rest['aria-invalid']}
          data-testid="editor-html"
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a rich text area must be contentEditable; a textarea cannot show formatting
        <div
          id={id}
          ref={area}
          role="textbox"
          aria-multiline="true"
          aria-invalid={rest['aria-invalid']}
          tabIndex={0}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          data-testid="editor-area"
          style={{ minHeight: 180, maxHeight: 420, overflow: 'auto', padding: '8px 11px', outline: 'none' }}
        />
      )}
    </div>
  );
}
