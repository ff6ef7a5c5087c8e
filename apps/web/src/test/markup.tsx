import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";

/**
 * An element's markup written the same way whatever drew it: attributes sorted, style declarations
 * sorted, generated ids (and the labels' `for` that name them) as "ID", an id nothing points at
 * left out. For comparing a plain drawing with the Mantine component it stands for.
 */
export function canonicalMarkup(el: Element): string {
  const pointedAt = new Set([...el.querySelectorAll("[for]")].map((l) => l.getAttribute("for")));
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (!(node instanceof Element)) return "";
    const attrs = [...node.attributes]
      .filter((a) => !(a.name === "id" && !pointedAt.has(a.value)))
      .map((a) => {
        if (a.name === "id" || a.name === "for") return `${a.name}="ID"`;
        if (a.name === "style")
          return `style="${a.value
            .split(";")
            .map((d) => d.trim())
            .filter(Boolean)
            .sort()
            .join("; ")}"`;
        return `${a.name}="${a.value}"`;
      })
      .sort();
    const tag = node.tagName.toLowerCase();
    return `<${[tag, ...attrs].join(" ")}>${[...node.childNodes].map(walk).join("")}</${tag}>`;
  };
  return walk(el);
}

/** The canonical markup of what `ui` draws (its first element), inside Mantine's provider. */
export function markupOf(ui: ReactElement): string {
  const { container, unmount } = render(
    <MantineProvider env="test">
      <div data-markup>{ui}</div>
    </MantineProvider>,
  );
  const drawn = container.querySelector("[data-markup]")?.firstElementChild;
  if (!drawn) throw new Error("nothing drawn");
  const out = canonicalMarkup(drawn);
  unmount();
  return out;
}
