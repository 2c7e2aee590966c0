import { useId, useState } from 'react';
import { saveDownload } from '#client/download';
import { idToken, SIGNED_OUT } from '#stores/session';
import { receiptsOf, type ReceiptEntry, type ReceiptOrder } from '../receipts';

type Saving = { text: string; failed: boolean } | null;

/**
 * An order's PDF receipts (its payment, each refund that went through), each a button that saves
 * it: the file is the signed-in user's only, so it is fetched with their token, not linked. On the
 * family's order page and in the admin's order details.
 */
export function Receipts({ order }: { order: ReceiptOrder }) {
  const id = useId();
  const [saving, setSaving] = useState<Saving>(null);
  const receipts = receiptsOf(order);
  if (receipts.length === 0) return null;

  async function save(receipt: ReceiptEntry) {
    setSaving({ text: `Preparing ${receipt.fileName}...`, failed: false });
    const token = await idToken();
    const saved = token
      ? await saveDownload(`/api/orders/${order.id}/receipts/${receipt.id}`, token, receipt.fileName)
      : SIGNED_OUT;
    setSaving(
      saved.ok
        ? { text: `Saved ${saved.data.name}.`, failed: false }
        : { text: `We could not download the receipt: ${saved.error}`, failed: true },
    );
  }

  return (
    <div className="text-sm">
      <p id={id} className="font-semibold text-slate-800">
        Receipts<span className="sr-only"> of order {order.id}</span>
      </p>
      <ul aria-labelledby={id} className="mt-1 space-y-1">
        {receipts.map((receipt) => (
          <li key={receipt.id}>
            <button
              type="button"
              className="min-h-10 text-left font-medium text-navy-800 underline underline-offset-2 hover:text-navy-900"
              onClick={() => void save(receipt)}
            >
              {receipt.label} (PDF)
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className="text-slate-700">
        {!saving?.failed && saving?.text}
      </p>
      {saving?.failed && (
        <p role="alert" className="text-red-700">
          {saving.text}
        </p>
      )}
    </div>
  );
}
