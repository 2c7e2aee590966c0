/** Browser tests as the local admin (ADMIN_EMAILS defaults to admin@example.test locally). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Editor } from '../../src/lib/schemas';
import { createAccount, idTokenOf, LOCAL_ADMIN, logIn } from './e2e-auth';
import { editorInput, uniqueEditorName } from './editor-input';

/** Signs in as the admin on /dashboard and opens /admin. */
export async function openAdmin(page: Page, request: APIRequestContext) {
  await createAccount(request, LOCAL_ADMIN);
  await page.goto('/dashboard');
  await logIn(page, LOCAL_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
}

/** The admin's ID token, for arranging data through the API. */
export const adminToken = (request: APIRequestContext) => idTokenOf(request, LOCAL_ADMIN);

export { editorInput, uniqueEditorName };

export async function createEditor(request: APIRequestContext, name = uniqueEditorName()): Promise<Editor> {
  const res = await request.post('/api/database/editors', { data: editorInput(name), headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  expect(res.status()).toBe(201);
  return res.json();
}

/** Removes what a test created, so public pages tested beside it see the demo editors only. */
export async function deleteEditors(request: APIRequestContext, ids: string[]) {
  const token = await adminToken(request);
  await Promise.all(ids.map((id) => request.delete(`/api/database/editors/${id}`, { headers: { Authorization: `Bearer ${token}` } })));
}

export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
