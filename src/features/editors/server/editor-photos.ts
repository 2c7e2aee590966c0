/**
 * Uploaded photos belong to the editors that show them: when an editor gets another photo or is
 * deleted, the old upload goes too, unless another editor shows the same one.
 */
import { editorsRepo } from './editors.repo';
import type { DeployInfo } from '#server/storage/stores';
import { uploadKeyOf, uploadsRepo } from './uploads';

/** Deletes the upload behind `image` if no editor shows it; answers whether it did. */
async function releasePhoto(image: string, info?: DeployInfo): Promise<boolean> {
  const key = uploadKeyOf(image);
  if (!key) return false;
  const editors = await editorsRepo(info).list({ fresh: true });
  if (editors.some((editor) => editor.image === image)) return false;
  await uploadsRepo(info).remove(key);
  return true;
}

/** As `releasePhoto`, after the answer: a photo left behind costs storage, never the admin's write. */
export function releasePhotoLater(
  image: string,
  context: DeployInfo & { waitUntil: (work: Promise<unknown>) => void },
) {
  context.waitUntil(
    releasePhoto(image, context).catch((error) =>
      console.error(`Could not delete the replaced photo ${image}:`, error),
    ),
  );
}
