/** The public editors list from our API. */
import type { Editor } from '../editor-rules';
import { apiFetch } from '#client/api';

export const fetchEditors = () => apiFetch<Editor[]>('/api/database/editors');
