import { Kbd, Modal, Table } from "@mantine/core";

/** What the `?` list shows: every shortcut, in the words staff read. */
export const SHORTCUTS: [keys: string[], what: string][] = [
  [["Ctrl/⌘", "K"], "Find a customer or job, go to a screen, New customer"],
  [["/"], "Search this screen"],
  [["j"], "Next row"],
  [["k"], "Previous row"],
  [["Enter"], "Expand or collapse the row"],
  [["?"], "This list"],
];

/** The `?` list of every shortcut (issue 29). */
export default function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" data-testid="shortcuts-help">
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td>
                {keys.map((k) => (
                  <Kbd key={k} mr={4}>
                    {k}
                  </Kbd>
                ))}
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
