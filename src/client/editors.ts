/** The public editors list from our API. */
import type { Editor } from '#lib/schemas';
import { apiFetch } from './api';

export const fetchEditors = () => apiFetch<Editor[]>('/api/database/editors');
