"""NewFile (issue 18, items 10 and 11): every file the program writes is fresh, beside its target,
renamed into place when whole, and gone on failure; a planted link is refused, never followed."""

from __future__ import annotations

import errno
import os

import pytest

from solvers import safe_files
from solvers.safe_files import NewFile, RefusedFile, remove_temporaries, write_atomically


@pytest.mark.parametrize("dangling", [True, False])
def test_a_link_planted_at_the_target_is_refused_and_not_followed(tmp_path, dangling):
    victim = tmp_path / "victim.txt"
    if not dangling:
        victim.write_bytes(b"precious")
    (tmp_path / "out.png").symlink_to(victim)
    with pytest.raises(RefusedFile, match="symbolic link") as refused, NewFile(tmp_path / "out.png") as new:
        new.file.write(b"written through")
    assert refused.value.kind == "link"
    assert (victim.read_bytes() == b"precious") if not dangling else not victim.exists()
    assert {p.name for p in tmp_path.iterdir()} == {"out.png"} | (set() if dangling else {"victim.txt"})


def test_a_full_disk_half_way_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "state.json"
    target.write_bytes(b"old")
    with pytest.raises(OSError, match="No space"), NewFile(target) as new:
        new.file.write(b"half of the new")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_the_new_file_is_fresh_and_replaces_the_target_only_when_whole(tmp_path):
    target = tmp_path / "shot.png"
    target.write_bytes(b"old")
    with NewFile(target, suffix=".png") as new:
        assert new.path.parent == tmp_path and new.path.name.endswith(".part.png")
        new.file.write(b"new")
        assert target.read_bytes() == b"old"
    assert target.read_bytes() == b"new" and [p.name for p in tmp_path.iterdir()] == ["shot.png"]


@pytest.mark.parametrize("planted", ["folder", "link", "dangling link"])
def test_a_temporary_name_already_taken_is_a_clear_error(tmp_path, monkeypatch, planted):
    monkeypatch.setattr(safe_files.secrets, "token_hex", lambda n: "fixed")
    taken = tmp_path / ".out.gif.fixed.part"
    victim = tmp_path / "victim"
    if planted == "folder":
        taken.mkdir()
    else:
        if planted == "link":
            victim.write_bytes(b"precious")
        taken.symlink_to(victim)
    with pytest.raises(RefusedFile, match="already exists as a") as refused:
        NewFile(tmp_path / "out.gif")
    assert str(taken) in str(refused.value)
    assert not (tmp_path / "out.gif").exists()
    assert planted != "link" or victim.read_bytes() == b"precious"


def test_a_temporary_swapped_for_a_link_while_written_is_not_renamed_into_place(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    new = NewFile(tmp_path / "out.mp4")
    os.unlink(new.path)
    new.path.symlink_to(victim)
    with pytest.raises(RefusedFile, match="replaced"):
        new.commit()
    assert not (tmp_path / "out.mp4").exists() and victim.read_bytes() == b"precious"


def test_a_stopped_process_removes_what_it_had_not_renamed(tmp_path):
    new = NewFile(tmp_path / "a.mp4")
    folder = safe_files.new_folder(tmp_path / "frames")
    (folder / "frame_00001.png").write_bytes(b"x")
    remove_temporaries()
    assert list(tmp_path.iterdir()) == []
    new.discard()


def test_write_atomically_keeps_the_old_file_on_a_full_disk(tmp_path, monkeypatch):
    target = tmp_path / "lesson.json"
    target.write_bytes(b"old lesson")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_files.os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, b"new lesson")
    assert target.read_bytes() == b"old lesson" and [p.name for p in tmp_path.iterdir()] == ["lesson.json"]


def test_write_new_on_a_full_disk_leaves_nothing_and_the_next_try_is_not_taken(tmp_path, monkeypatch):
    from solvers.safe_files import write_new

    target = tmp_path / "my_search.py"
    real_write = os.write
    calls = []

    def full(fd: int, data: bytes) -> int:  # the first block goes, then the disk is full
        calls.append(len(data))
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, bytes(data[:10]))

    monkeypatch.setattr(safe_files.os, "write", full)
    with pytest.raises(OSError, match="No space"):
        write_new(target, b"x" * 100)
    assert list(tmp_path.iterdir()) == [] and len(calls) == 2
    monkeypatch.undo()
    write_new(target, b"whole")  # the disk has room again: the same name is free
    assert target.read_bytes() == b"whole"
    with pytest.raises(FileExistsError):
        write_new(target, b"again")
    assert target.read_bytes() == b"whole"
