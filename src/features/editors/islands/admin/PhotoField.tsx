import { useState, type ChangeEvent } from 'react';
import { EDITOR_TEXT_LIMITS, isImageReference } from '../../editor-input';
import { isUploadImageType, uploadMessages, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '#lib/uploads';
import { uploadPhoto } from '../../../../islands/shared/admin/admin-api';

/**
 * The editor's image: a path or URL typed in, or a photo uploaded (JPEG, PNG or WebP up to 2 MB),
 * which fills in the path. The server judges the file by its bytes; this only gives early feedback.
 */
export function PhotoField({
  id,
  value,
  problem,
  onChange,
  onBusyChange,
}: {
  id: string;
  value: string;
  /** What the form found wrong with the path, if anything. */
  problem?: string;
  onChange: (value: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [state, setState] = useState<{ kind: 'idle' | 'uploading' | 'done' | 'error'; text: string }>({
    kind: 'idle',
    text: '',
  });

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const early = !isUploadImageType(file.type)
      ? uploadMessages.wrongType
      : file.size > UPLOAD_MAX_BYTES
        ? uploadMessages.tooLarge
        : null;
    if (early) {
      input.value = '';
      return setState({ kind: 'error', text: early });
    }
    setState({ kind: 'uploading', text: 'Uploading photo...' });
    onBusyChange(true);
    const result = await uploadPhoto(file);
    onBusyChange(false);
    input.value = '';
    if (!result.ok) return setState({ kind: 'error', text: result.error });
    onChange(result.data.url);
    setState({ kind: 'done', text: 'Photo uploaded.' });
  }

  return (
    <div className="space-y-2 sm:col-span-2">
      <label htmlFor={`${id}-image`} className="block text-sm font-semibold text-slate-800">
        Image (path or URL)
      </label>
      <div className="flex items-center gap-3">
        {value && isImageReference(value) && (
          <img
            src={value}
            alt="Preview"
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-full bg-navy-50 object-cover"
          />
        )}
        <input
          id={`${id}-image`}
          className="input"
          value={value}
          maxLength={EDITOR_TEXT_LIMITS.image}
          placeholder="/editors/name.svg or https://..."
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-image-problem` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <label htmlFor={`${id}-photo`} className="block text-sm font-semibold text-slate-800">
        Or upload a photo <span className="font-normal text-slate-700">(JPEG, PNG or WebP, up to 2 MB)</span>
      </label>
      <input
        id={`${id}-photo`}
        type="file"
        accept={Object.keys(UPLOAD_IMAGE_TYPES).join(',')}
        onChange={upload}
        disabled={state.kind === 'uploading'}
        className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-10 file:rounded-md file:border file:border-navy-200 file:bg-white file:px-3 file:font-semibold file:text-navy-800 hover:file:bg-navy-50"
      />
      <p id={`${id}-image-problem`} role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {state.kind === 'error' ? state.text : (problem ?? '')}
      </p>
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {state.kind === 'uploading' || state.kind === 'done' ? state.text : ''}
      </p>
    </div>
  );
}
