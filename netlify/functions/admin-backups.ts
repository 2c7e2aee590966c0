/**
 * GET /api/admin/backups (admin): how far the hourly backups reach and the last restore rehearsal
 * (netlify/server/backup/). Four reads, whatever the site holds.
 */
import type { Config } from '@netlify/functions';
import type { BackupsStatus } from '#features/admin/backups';
import { HOUR_MS } from '#lib/time';
import { manifestedHours, readBase, readLatest } from '#server/backup/catalog';
import { readRehearsal } from '#server/backup/rehearsal';
import { requireAdmin } from '#server/core/auth';
import { privateJson, route } from '#server/core/http';
import { hourStart } from '#server/storage/journal';
import { openStore } from '#server/storage/stores';

/** The end of an hour, as a time. */
const endOf = (hour: string) => new Date(hourStart(hour) + HOUR_MS).toISOString();

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const backups = openStore('backups', context);
    const [base, latest, hours, rehearsal] = await Promise.all([
      readBase(backups),
      readLatest(backups),
      manifestedHours(backups),
      readRehearsal(backups),
    ]);
    const keptUntil = base?.finishedAt && latest ? endOf(latest.through) : null;
    const oldest = base?.foldedThrough ?? hours[0];
    const status: BackupsStatus = {
      backup: base && {
        firstCopyAt: base.finishedAt,
        keptUntil,
        oldestPoint: keptUntil && oldest ? endOf(oldest) : keptUntil,
        last: latest?.last
          ? {
              at: latest.last.finishedAt,
              copied: latest.last.copied,
              gone: latest.last.gone,
              bytes: latest.last.bytes,
            }
          : null,
        firstCopy: { blobs: base.blobs, bytes: base.bytes },
      },
      rehearsal: rehearsal && {
        point: endOf(rehearsal.point),
        finishedAt: rehearsal.finishedAt,
        blobs: rehearsal.blobs,
        problems: rehearsal.problems,
      },
    };
    return privateJson(status);
  },
});

export const config: Config = { path: '/api/admin/backups' };
