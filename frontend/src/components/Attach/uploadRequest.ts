//! The one way a file picked in an antd `Upload` goes to the attachment register: its progress shown on
//! the list item, and a refusal reported with the server's reason (no toast: the caller shows the reason
//! beside the file it is about).
import type { UploadProps } from 'antd';
import { failureMessage } from '@/components/Crud';
import { type UploadedFile, uploadAttach } from '@/services/resource/attach';
import { ErrorShowType } from '@/utils/request';
import type { UploadRefusal } from './UploadRefusals';

export interface AttachUploadHandlers {
  /** a file stored and registered */
  onUploaded?: (file: UploadedFile, uid: string) => void;
  /** a file refused (type not allowed, too large…), with why */
  onRefused?: (refusal: UploadRefusal) => void;
  /** the reason when the server gives none */
  failed: string;
}

/** An antd `customRequest` that uploads through `uploadAttach`. */
export function attachUploadRequest({ onUploaded, onRefused, failed }: AttachUploadHandlers): NonNullable<UploadProps['customRequest']> {
  return ({ file, onProgress, onSuccess, onError }) => {
    const f = file as File & { uid: string };
    uploadAttach(f, {
      // the reason is shown beside the file, not as a toast
      showType: ErrorShowType.SILENT,
      showMsg: false,
      onUploadProgress: ({ loaded, total }: { loaded: number; total?: number }) =>
        onProgress?.({ percent: total ? Math.round((loaded / total) * 100) : 0 }),
    })
      .then((res) => {
        if (res?.data) onUploaded?.(res.data, f.uid);
        onSuccess?.(res);
      })
      .catch((e) => {
        const reason = failureMessage(e) ?? failed;
        onRefused?.({ uid: f.uid, name: f.name, reason });
        // antd shows a string response as the failed item's tooltip
        onError?.(Object.assign(new Error(reason), { status: e?.response?.status }), reason);
      });
  };
}
