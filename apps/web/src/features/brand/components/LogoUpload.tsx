import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_MAX_BYTES, logoBytesMatchType, translateError } from '@switchboard/contracts';
import { App, Button, Flex, Form, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import { readAsDataUrl } from '@/lib/read-file';

/** PNG or JPEG only, as the contracts say: an SVG may carry script, and a logo is shown to every visitor. */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

/** Why a file cannot be a logo (its declared type or its size), or null when it may be one. */
export function logoProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}

/** The contracts' text for a refused logo, in the current language. */
const refusal = (problem: 'type' | 'size') =>
  translateError(problem === 'size' ? 'LOGO_TOO_LARGE' : 'LOGO_INVALID', currentLocale());

/**
 * A form control: value is the logo as a data: URL, or null. A file that cannot be a logo is
 * refused and, inside a form, reported as the error of the field `name` (where the user looks);
 * picking a good file (or removing the logo) revalidates the field, which clears it.
 */
export function LogoUpload({
  value,
  onChange,
  id,
  name,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  /** The form field this control fills, for its errors. */
  name?: string;
}) {
  const { t } = useTranslation('branding');
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const report = (text: string) => {
    if (name) form.setFields([{ name, errors: [text] }]);
    else void message.error(text);
  };
  return (
    <Flex align="center" gap={12} id={id}>
      {value ? (
        <img
          src={value}
          alt={t('fields.logo')}
          width={48}
          height={48}
          style={{ objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 6 }}
          data-testid="logo-preview"
        />
      ) : null}
      <Upload
        accept={LOGO_TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const problem = logoProblem(file);
          if (problem) {
            report(refusal(problem));
            return Upload.LIST_IGNORE;
          }
          readAsDataUrl(file).then(
            // The bytes must be what the type says (a renamed file is refused here, not by the server).
            (url) => (logoBytesMatchType(url) ? onChange?.(url) : report(refusal('type'))),
            () => report(t('logo.readFailed')),
          );
          return false; // never sent by Upload itself
        }}
      >
        <Button icon={<UploadOutlined />} data-testid="logo-upload">
          {value ? t('logo.replace') : t('logo.choose')}
        </Button>
      </Upload>
      {value ? (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} aria-label={t('logo.remove')}>
          {t('logo.remove')}
        </Button>
      ) : null}
    </Flex>
  );
}
