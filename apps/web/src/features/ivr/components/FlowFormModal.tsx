import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  IVR_FLOW_NODES_MAX,
  IVR_KEYS,
  IVR_REPEAT_MAX,
  IVR_TIMEOUT_MAX_S,
  IVR_TIMEOUT_MIN_S,
  type IvrFlow,
  type IvrKey,
  type IvrNodeInput,
  isErrorCode,
  ivrFlowInputSchema,
  translateError,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Collapse,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanySelect } from '@/features/sms-template';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';
import { useIsStaff } from '@/lib/session';
import { fetchPromptOptions } from '../api/files';
import { useSaveFlow } from '../api/flows';
import { ActionEditor } from './ActionEditor';
import { FlowTree } from './FlowTree';

type DraftBranch = IvrNodeInput['branches'][number] & { uid: number };
/** A node as edited: nodes and keys carry an id of the editor's own, for React to track them. */
type DraftNode = Omit<IvrNodeInput, 'branches'> & { uid: number; branches: DraftBranch[] };

let uidSeq = 0;
const uid = () => {
  uidSeq += 1;
  return uidSeq;
};

const draftOf = (node: IvrNodeInput): DraftNode => ({
  ...node,
  uid: uid(),
  branches: node.branches.map((b) => ({ ...b, uid: uid() })),
});

const inputOf = ({ uid: _u, branches, ...node }: DraftNode): IvrNodeInput => ({
  ...node,
  branches: branches.map(({ uid: _b, ...b }) => b),
});

const newNode = (id: string): DraftNode =>
  draftOf({
    id,
    fileId: null,
    repeat: 2,
    timeoutS: 5,
    branches: [
      { key: '1', action: { type: 'end', result: 'yes' } },
      { key: '2', action: { type: 'end', result: 'no' } },
    ],
    noKey: { type: 'end', result: 'no_key' },
  });

function nextNodeId(nodes: DraftNode[]): string {
  for (let i = nodes.length + 1; ; i += 1) if (!nodes.some((n) => n.id === `node${i}`)) return `node${i}`;
}

/**
 * Add or edit a flow: its name, and its nodes as cards (prompt, repeat, timeout, key branches,
 * what happens without a key) beside the tree they make. Checked here with the contracts' rules,
 * then by the server (the prompts must be the company's files).
 */
export function FlowFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: IvrFlow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ivr');
  const locale = useLocale();
  const { message } = App.useApp();
  const save = useSaveFlow();
  const pickCompany = useIsStaff() && !editing;
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [nodes, setNodes] = useState<DraftNode[]>(() => [newNode('menu')]);
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setRemark(editing?.remark ?? '');
    setCompanyId(undefined);
    setNodes(editing ? editing.nodes.map(draftOf) : [newNode('menu')]);
    setProblems([]);
  }, [open, editing]);

  const filesCompany = editing ? String(editing.companyId) : companyId;
  const files = useQuery({
    queryKey: ['ivrFiles', 'prompts', filesCompany ?? null],
    queryFn: ({ signal }) => fetchPromptOptions(filesCompany, '', signal),
    enabled: open && (!pickCompany || !!companyId),
  });
  const fileOptions = (files.data?.records ?? []).map((f) => ({ value: String(f.id), label: f.name }));
  const fileNames = new Map(fileOptions.map((o) => [o.value, o.label]));
  const nodeIds = nodes.map((n) => n.id);

  const setNode = (i: number, next: Partial<DraftNode>) =>
    setNodes((all) => all.map((n, j) => (j === i ? { ...n, ...next } : n)));

  const submit = async () => {
    const input = {
      name: name.trim(),
      ...(remark.trim() ? { remark: remark.trim() } : {}),
      nodes: nodes.map(inputOf),
      ...(pickCompany && companyId ? { companyId } : {}),
    };
    const parsed = ivrFlowInputSchema.safeParse(input);
    const local = parsed.success
      ? []
      : parsed.error.issues.map((issue) => {
          const code = isErrorCode(issue.message) ? issue.message : 'FIELD_INVALID';
          return `${issue.path.join('.')}: ${translateError(code, locale, { field: String(issue.path.at(-1) ?? ''), max: '' })}`;
        });
    if (pickCompany && !companyId) local.unshift(t('files.companyRequired'));
    if (local.length > 0) {
      setProblems(local);
      return;
    }
    try {
      await save.mutateAsync({ id: editing ? String(editing.id) : undefined, input });
      void message.success(t('flows.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error))
        setProblems([error.message, ...error.fieldErrors.map((f) => `${f.field}: ${f.message}`)]);
      else setProblems([String(error)]);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('flows.editTitle') : t('flows.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      width={820}
      style={{ maxWidth: 'calc(100vw - 16px)', top: 16 }}
      destroyOnHidden
      data-testid="ivr-flow-form"
    >
      <Form layout="vertical">
        {pickCompany ? (
          <Form.Item label={t('files.fields.company')} required>
            <CompanySelect value={companyId} onChange={setCompanyId} testId="ivr-flow-company" />
          </Form.Item>
        ) : null}
        <Form.Item label={t('flows.fields.name')} required>
          <Input
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
            data-testid="ivr-flow-name"
          />
        </Form.Item>
        <Form.Item label={t('flows.fields.remark')}>
          <Input value={remark} maxLength={255} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
      </Form>
      <Space direction="vertical" style={{ width: '100%' }}>
        {nodes.map((node, i) => (
          <Card
            key={node.uid}
            size="small"
            title={i === 0 ? t('flows.startNode', { id: node.id }) : t('flows.node', { id: node.id })}
            extra={
              nodes.length > 1 ? (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('flows.removeNode')}
                  onClick={() => setNodes((all) => all.filter((_, j) => j !== i))}
                />
              ) : null
            }
            data-testid={`ivr-node-${i}`}
          >
            <Space wrap style={{ width: '100%' }} align="end">
              <Form.Item label={t('flows.fields.nodeId')} style={{ margin: 0 }}>
                <Input
                  value={node.id}
                  maxLength={16}
                  style={{ width: 110 }}
                  onChange={(e) => setNode(i, { id: e.target.value })}
                  data-testid={`ivr-node-${i}-id`}
                />
              </Form.Item>
              <Form.Item label={t('flows.fields.prompt')} style={{ margin: 0 }}>
                <Select
                  value={node.fileId ?? undefined}
                  allowClear
                  placeholder={t('flows.noPrompt')}
                  style={{ width: 200, maxWidth: '70vw' }}
                  loading={files.isFetching}
                  options={fileOptions}
                  onChange={(v?: string) => setNode(i, { fileId: v ?? null })}
                  data-testid={`ivr-node-${i}-prompt`}
                />
              </Form.Item>
              <Form.Item label={t('flows.fields.repeat')} style={{ margin: 0 }}>
                <InputNumber
                  min={1}
                  max={IVR_REPEAT_MAX}
                  value={node.repeat}
                  onChange={(v) => setNode(i, { repeat: v ?? 1 })}
                  style={{ width: 80 }}
                />
              </Form.Item>
              <Form.Item label={t('flows.fields.timeout')} style={{ margin: 0 }}>
                <InputNumber
                  min={IVR_TIMEOUT_MIN_S}
                  max={IVR_TIMEOUT_MAX_S}
                  value={node.timeoutS}
                  onChange={(v) => setNode(i, { timeoutS: v ?? IVR_TIMEOUT_MIN_S })}
                  style={{ width: 80 }}
                />
              </Form.Item>
            </Space>
            <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
              {t('flows.branches')}
            </Typography.Text>
            {node.branches.map((b, j) => (
              <Space.Compact key={b.uid} style={{ width: '100%', marginTop: 6 }}>
                <Select
                  value={b.key}
                  style={{ width: 64, flex: 'none' }}
                  options={IVR_KEYS.map((k) => ({ value: k, label: k }))}
                  onChange={(key: IvrKey) =>
                    setNode(i, { branches: node.branches.map((x, k) => (k === j ? { ...x, key } : x)) })
                  }
                  aria-label={t('flows.fields.key')}
                />
                <ActionEditor
                  value={b.action}
                  nodeIds={nodeIds}
                  onChange={(action) =>
                    setNode(i, { branches: node.branches.map((x, k) => (k === j ? { ...x, action } : x)) })
                  }
                  testId={`ivr-node-${i}-branch-${j}`}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('flows.removeBranch')}
                  onClick={() => setNode(i, { branches: node.branches.filter((_, k) => k !== j) })}
                />
              </Space.Compact>
            ))}
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              style={{ marginTop: 6 }}
              disabled={node.branches.length >= IVR_KEYS.length}
              onClick={() => {
                const free = IVR_KEYS.find((k) => !node.branches.some((b) => b.key === k)) ?? '0';
                setNode(i, {
                  branches: [
                    ...node.branches,
                    { uid: uid(), key: free, action: { type: 'end', result: '' } },
                  ],
                });
              }}
              data-testid={`ivr-node-${i}-add-branch`}
            >
              {t('flows.addBranch')}
            </Button>
            <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
              {t('flows.noKey')}
            </Typography.Text>
            <ActionEditor
              value={node.noKey}
              nodeIds={nodeIds}
              onChange={(noKey) => setNode(i, { noKey })}
              testId={`ivr-node-${i}-nokey`}
            />
          </Card>
        ))}
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          disabled={nodes.length >= IVR_FLOW_NODES_MAX}
          onClick={() => setNodes((all) => [...all, newNode(nextNodeId(all))])}
          data-testid="ivr-flow-add-node"
        >
          {t('flows.addNode')}
        </Button>
        <Collapse
          size="small"
          items={[
            {
              key: 'tree',
              label: t('flows.treeTitle'),
              children: (
                <FlowTree key={JSON.stringify(nodes)} nodes={nodes.map(inputOf)} fileNames={fileNames} />
              ),
            },
          ]}
        />
        {problems.length > 0 ? (
          <Typography.Paragraph type="danger" data-testid="ivr-flow-problems">
            {problems.map((p) => (
              <span key={p} style={{ display: 'block' }}>
                {p}
              </span>
            ))}
          </Typography.Paragraph>
        ) : null}
      </Space>
    </Modal>
  );
}
