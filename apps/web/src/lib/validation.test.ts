import { loginSchema, updatePasswordSchema } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { schemaProblems } from './validation';

describe('schemaProblems', () => {
  it('translates the shared schema messages with field labels', () => {
    const labels = { username: '用户名', password: '密码' };
    expect(schemaProblems(loginSchema, { username: '', password: '' }, labels, 'zh-CN')).toEqual({
      username: '用户名不能为空',
      password: '密码不能为空',
    });
    expect(schemaProblems(loginSchema, { username: 'a', password: 'b' }, labels, 'en-US')).toEqual({});
  });

  it('reports cross-field rules on the right field', () => {
    const problems = schemaProblems(
      updatePasswordSchema,
      { username: 'admin', oldpassword: 'x', password: 'Abcdefg1', confirmpassword: 'Abcdefg2' },
      {},
      'en-US',
    );
    expect(problems).toEqual({ confirmpassword: 'The two passwords are not the same' });
    expect(
      schemaProblems(
        updatePasswordSchema,
        { username: 'admin', oldpassword: '', password: 'weak', confirmpassword: '' },
        {},
        'en-US',
      ),
    ).toMatchObject({
      oldpassword: 'Please input the old password',
      password: 'The password must be at least 8 characters with digits, upper and lower case letters',
      confirmpassword: 'Please confirm the new password',
    });
  });
});
