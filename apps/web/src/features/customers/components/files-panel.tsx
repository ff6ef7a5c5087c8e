import { deleteFile, type FileWire, uploadCustomerFiles } from "@loupe/contract";
import {
  canPreview,
  FILE_REMOVE_CONFIRM,
  FILE_REMOVED,
  FILE_TYPE_MESSAGE,
  hasAllowedExtension,
  MAX_FILE_BYTES,
} from "@loupe/domain";
import {
  Box,
  Button,
  Card,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { downloadFileBlob, useFileObjectUrl } from "../../../lib/file-blob";
import { useAction } from "../../../lib/use-action";
import { customerKeys, useCustomerFiles, usePrescriptions } from "../api";
import { PrescriptionModal } from "./prescription-modal";

/** A customer's files: upload, view (image with magnifier, PDF preview), download, remove. */
export function FilesPanel({ customerId }: { customerId: number }) {
  const { data = [] } = useCustomerFiles(customerId);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const [viewing, setViewing] = useState<FileWire | null>(null);
  const { data: prescriptions = [] } = usePrescriptions(customerId);
  const [editingRxId, setEditingRxId] = useState<number | null>(null);
  const editingRx = prescriptions.find((rx) => rx.id === editingRxId);
  const rxOf = (file: FileWire) =>
    prescriptions.find((rx) => rx.can_edit && rx.files.some((f) => f.id === file.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.files(customerId) });

  const upload = useAction(async (picked: File[]) => {
    if (picked.some((f) => !hasAllowedExtension(f.name) || f.size > MAX_FILE_BYTES)) {
      showAlert({ variant: "danger", message: FILE_TYPE_MESSAGE });
      return;
    }
    const form = new FormData();
    for (const [i, f] of picked.entries()) form.append(`files[${i}]`, f, f.name);
    try {
      await callEndpoint(uploadCustomerFiles, { params: { id: customerId }, body: form });
      refresh();
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  });

  const remove = (file: FileWire) =>
    confirmAction({
      title: `Are you sure to remove ${file.file_name}?`,
      message: FILE_REMOVE_CONFIRM,
      onConfirm: async () => {
        try {
          await callEndpoint(deleteFile, { params: { id: file.id } });
          showAlert({ variant: "success", message: FILE_REMOVED });
          setViewing(null);
          refresh();
        } catch (err) {
          showAlert({ variant: "danger", message: errorText(err, "File could not delete") });
        }
      },
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Files</Text>
        <FileButton
          onChange={upload.run}
          accept=".jpeg,.jpg,.png,.bmp,.pdf,.doc,.docx"
          multiple
          disabled={upload.isPending}
        >
          {(props) => (
            <Button size="xs" {...props} loading={upload.isPending}>
              Upload files
            </Button>
          )}
        </FileButton>
      </Group>
      {data.length === 0 && (
        <Text size="sm" c="dimmed">
          No files yet.
        </Text>
      )}
      <SimpleGrid cols={6}>
        {data.map((file) => (
          <Card
            key={file.id}
            withBorder
            p="xs"
            style={{ cursor: "pointer" }}
            onClick={() => setViewing(file)}
            data-testid="file-card"
          >
            {file.full_thumbnail_path ? (
              <FileThumbnail path={file.full_thumbnail_path} alt={file.file_name} />
            ) : (
              <Text size="xl" ta="center" h={90} pt="lg">
                {file.file_name.split(".").pop()?.toUpperCase()}
              </Text>
            )}
            <Text size="xs" truncate>
              {file.file_name}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {viewing && (
        <FileViewer
          file={viewing}
          onClose={() => setViewing(null)}
          onRemove={() => remove(viewing)}
          onEditPrescription={
            rxOf(viewing)
              ? () => {
                  setEditingRxId(rxOf(viewing)!.id);
                  setViewing(null);
                }
              : undefined
          }
        />
      )}
      {editingRx && (
        <PrescriptionModal
          customerId={customerId}
          prescription={editingRx}
          onClose={() => setEditingRxId(null)}
          onSaved={() => queryClient.invalidateQueries({ queryKey: customerKeys.prescriptions(customerId) })}
        />
      )}
    </Stack>
  );
}

/** A card's thumbnail, fetched with the session's header (no token in the URL). */
function FileThumbnail({ path, alt }: { path: string; alt: string }) {
  const { url } = useFileObjectUrl(path);
  return url ? <Image src={url} h={90} fit="contain" alt={alt} /> : <Box h={90} />;
}

/** The file viewer: images with a magnifier lens, PDFs in the browser's viewer, others as a download. */
function FileViewer({
  file,
  onClose,
  onRemove,
  onEditPrescription,
}: {
  file: FileWire;
  onClose: () => void;
  onRemove: () => void;
  onEditPrescription?: () => void;
}) {
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const { showAlert } = useAlert();
  const [downloading, setDownloading] = useState(false);
  const { url: src, error } = useFileObjectUrl(
    canPreview(file.file_name) || file.mime_type === "application/pdf" ? file.full_path : null,
  );
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFileBlob(file.full_path, file.file_name);
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Modal opened onClose={onClose} size="xl" title={file.file_name}>
      {error ? (
        <Text c="red">{errorText(error)}</Text>
      ) : !src && (canPreview(file.file_name) || file.mime_type === "application/pdf") ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : canPreview(file.file_name) ? (
        // A portrait scan fits the window's height, so Download and Remove File stay in sight.
        <div style={{ display: "flex", justifyContent: "center" }}>
          {/* The hover magnifier only adds to the full-size image (named by its alt text, and downloadable). */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only enhancement, nothing to operate */}
          <div
            style={{ position: "relative", overflow: "hidden", display: "inline-block" }}
            onMouseMove={(e) => {
              const r = e.currentTarget.getBoundingClientRect();
              setLens({
                x: ((e.clientX - r.left) / r.width) * 100,
                y: ((e.clientY - r.top) / r.height) * 100,
              });
            }}
            onMouseLeave={() => setLens(null)}
          >
            <img
              src={src}
              alt={file.file_name}
              style={{
                display: "block",
                maxWidth: "100%",
                maxHeight: "calc(100dvh - 260px)",
                objectFit: "contain",
              }}
              data-testid="file-image"
            />
            {lens && (
              <div
                style={{
                  position: "absolute",
                  left: `calc(${lens.x}% - 80px)`,
                  top: `calc(${lens.y}% - 80px)`,
                  width: 160,
                  height: 160,
                  borderRadius: "50%",
                  border: "2px solid #1c7ed6",
                  backgroundImage: `url("${src}")`,
                  backgroundSize: "300%",
                  backgroundPosition: `${lens.x}% ${lens.y}%`,
                  pointerEvents: "none",
                }}
              />
            )}
          </div>
        </div>
      ) : file.mime_type === "application/pdf" ? (
        <iframe
          title="PDF preview"
          src={src}
          style={{ width: "100%", height: "min(560px, calc(100dvh - 260px))", border: 0 }}
          data-testid="file-pdf"
        />
      ) : (
        <Text>No preview for this file type.</Text>
      )}
      <Group justify="flex-end" mt="md">
        {onEditPrescription && (
          <Button variant="light" onClick={onEditPrescription}>
            Edit Prescription
          </Button>
        )}
        <Button variant="default" onClick={download} loading={downloading}>
          Download
        </Button>
        <Button color="red" variant="light" onClick={onRemove}>
          Remove File
        </Button>
      </Group>
    </Modal>
  );
}
