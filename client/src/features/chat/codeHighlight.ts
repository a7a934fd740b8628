// Syntax highlighting of code blocks in messages (docs/messages.md, "Writing"), as a rehype step of the
// Markdown renderer: the highlighter answers a tree of elements, never an HTML string, so nothing
// is injected. Only the Markdown chunk imports this (it is loaded on demand), and only a few
// common languages are registered to keep that chunk small.
import { createLowlight } from "lowlight";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import type { Element, ElementContent, Root, RootContent } from "hast";

const lowlight = createLowlight({ bash, css, diff, go, java, javascript, json, python, sql, typescript, xml, yaml });
lowlight.registerAlias({ bash: ["sh", "shell", "zsh"], javascript: ["js", "jsx"], typescript: ["ts", "tsx"], xml: ["html"], python: ["py"], yaml: ["yml"] });

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

function highlightCode(code: Element): void {
  const classes = code.properties.className;
  const named = Array.isArray(classes) ? classes.map(String).find((c) => c.startsWith("language-")) : undefined;
  const language = named?.slice("language-".length).toLowerCase();
  if (!language || !lowlight.registered(language)) return;
  const tree = lowlight.highlight(language, code.children.map(textOf).join(""));
  code.children = tree.children as ElementContent[];
  code.properties.className = [...(Array.isArray(classes) ? classes : []), "hljs"];
}

function walk(node: Root | RootContent): void {
  if (node.type !== "root" && node.type !== "element") return;
  if (node.type === "element" && node.tagName === "pre") {
    const code = node.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
    if (code) highlightCode(code);
    return;
  }
  node.children.forEach(walk);
}

/** The rehype plugin: highlights `pre > code.language-x` for the registered languages. */
export function rehypeCodeHighlight() {
  return (tree: Root) => walk(tree);
}
