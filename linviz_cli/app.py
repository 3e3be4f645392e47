"""The click group, and its rule for errors: one line on stderr, exit status 2."""

from __future__ import annotations

import sys

import click

try:
    from click.exceptions import NoArgsIsHelpError
except ImportError:  # click < 8.2 prints the help itself and exits
    class NoArgsIsHelpError(Exception):
        ctx: click.Context


class OneLineErrors(click.Group):
    """A group whose every failure is one line, ``Error: ...``, and exit status 2.

    Bad input of any kind (a click usage error, a malformed data file, an
    unknown scene) is reported without a traceback; so are Ctrl-C, running out
    of memory and a file system error no check foresaw.
    """

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # click would print an empty line before its "Aborted!"
            raise click.ClickException("interrupted; nothing was written") from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        from linviz.errors import LinvizError

        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False,
                                  **extra)
        except NoArgsIsHelpError as error:  # no command given: show the help, not an error
            click.echo(error.ctx.get_help())
            sys.exit(0)
        except click.UsageError as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx else ""
            _fail(f"{error.format_message()}{hint}")
        except click.ClickException as error:
            _fail(error.format_message())
        except click.Abort:
            _fail("aborted")
        except LinvizError as error:
            _fail(str(error))
        except MemoryError:
            _fail("out of memory; see 'Limits and errors' in the README for the sizes "
                  "linviz accepts")
        except OSError as error:  # a refusal no check foresaw (click ends EPIPE itself)
            from linviz.errors import shown_path

            where = f"{shown_path(error.filename)}: " if error.filename else ""
            _fail(f"{where}{error.strerror or error}")
        sys.exit(result if isinstance(result, int) else 0)


def _fail(message: str) -> None:
    click.echo(f"Error: {' '.join(message.split())}", err=True)
    sys.exit(2)


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Lecture videos of linear classifiers, played from real algorithm runs."""


def register() -> None:
    from . import (course_command, datasets_command, lecture_command,
                   narration_command, scenes_command, story_command, trace_command)
    from .batch import command as batch_command

    cli.add_command(scenes_command.list_scenes)
    cli.add_command(scenes_command.render)
    cli.add_command(datasets_command.datasets)
    cli.add_command(trace_command.trace)
    cli.add_command(lecture_command.lecture)
    cli.add_command(batch_command.batch)
    cli.add_command(course_command.course)
    cli.add_command(narration_command.narration)
    cli.add_command(story_command.story)


register()
