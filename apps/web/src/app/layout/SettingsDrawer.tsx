import { CheckOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Divider, Drawer, Flex, Radio, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOR_PRESETS, resetSettings, type Settings, updateSettings, useSettings } from '@/lib/settings';

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
      <Tooltip title={hint}>
        <span>{label}</span>
      </Tooltip>
      {children}
    </Flex>
  );
}

/** Page settings (spec section 2, Layout): applied at once, kept in this browser. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const settings = useSettings();
  const set = (patch: Partial<Settings>) => updateSettings(patch);
  const topmenu = settings.layout === 'topmenu';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={300}
      title={t('settings.title')}
      data-testid="settings-drawer"
      footer={
        <Button block onClick={resetSettings} data-testid="settings-reset">
          {t('settings.reset')}
        </Button>
      }
    >
      <Typography.Title level={5}>{t('settings.menuTheme')}</Typography.Title>
      <Radio.Group
        value={settings.navTheme}
        onChange={(e) => set({ navTheme: e.target.value })}
        optionType="button"
        options={[
          { value: 'dark', label: t('settings.dark') },
          { value: 'light', label: t('settings.light') },
        ]}
        data-testid="setting-navTheme"
      />
      <Divider />
      <Typography.Title level={5}>{t('settings.themeColor')}</Typography.Title>
      <Flex gap={8} wrap align="center">
        {COLOR_PRESETS.map((color) => (
          <Button
            key={color}
            aria-label={color}
            data-testid={`color-${color.slice(1)}`}
            onClick={() => set({ primaryColor: color })}
            style={{ background: color, width: 24, minWidth: 24, height: 24, padding: 0, color: '#fff' }}
            icon={settings.primaryColor.toLowerCase() === color.toLowerCase() ? <CheckOutlined /> : undefined}
          />
        ))}
        <ColorPicker
          value={settings.primaryColor}
          disabledAlpha
          onChangeComplete={(color) => set({ primaryColor: color.toHexString().toUpperCase() })}
          data-testid="color-picker"
        />
      </Flex>
      <Divider />
      <Typography.Title level={5}>{t('settings.navigationMode')}</Typography.Title>
      <Radio.Group
        value={settings.layout}
        onChange={(e) => set({ layout: e.target.value })}
        optionType="button"
        options={[
          { value: 'sidemenu', label: t('settings.sidemenu') },
          { value: 'topmenu', label: t('settings.topmenu') },
        ]}
        data-testid="setting-layout"
      />
      <Divider />
      <Row label={t('settings.contentWidth')} hint={topmenu ? undefined : t('settings.fluidHint')}>
        <Radio.Group
          size="small"
          value={settings.contentWidth}
          onChange={(e) => set({ contentWidth: e.target.value })}
          optionType="button"
          options={[
            { value: 'Fixed', label: t('settings.fixed') },
            { value: 'Fluid', label: t('settings.fluid'), disabled: !topmenu },
          ]}
          data-testid="setting-contentWidth"
        />
      </Row>
      <Row label={t('settings.fixedHeader')}>
        <Switch
          size="small"
          checked={settings.fixedHeader}
          onChange={(fixedHeader) => set({ fixedHeader })}
          data-testid="setting-fixedHeader"
        />
      </Row>
      <Row
        label={t('settings.autoHideHeader')}
        hint={settings.fixedHeader ? undefined : t('settings.autoHideHint')}
      >
        <Switch
          size="small"
          checked={settings.autoHideHeader}
          disabled={!settings.fixedHeader}
          onChange={(autoHideHeader) => set({ autoHideHeader })}
          data-testid="setting-autoHideHeader"
        />
      </Row>
      <Row label={t('settings.fixSiderbar')} hint={topmenu ? t('settings.fixSiderbarHint') : undefined}>
        <Switch
          size="small"
          checked={settings.fixSiderbar}
          disabled={topmenu}
          onChange={(fixSiderbar) => set({ fixSiderbar })}
          data-testid="setting-fixSiderbar"
        />
      </Row>
      <Row label={t('settings.colorWeak')}>
        <Switch
          size="small"
          checked={settings.colorWeak}
          onChange={(colorWeak) => set({ colorWeak })}
          data-testid="setting-colorWeak"
        />
      </Row>
      <Row label={t('settings.multipage')}>
        <Switch
          size="small"
          checked={settings.multipage}
          onChange={(multipage) => set({ multipage })}
          data-testid="setting-multipage"
        />
      </Row>
      <Typography.Text type="secondary">{t('settings.saved')}</Typography.Text>
    </Drawer>
  );
}
