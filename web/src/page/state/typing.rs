//! Which actions act on the text: the editor reports its text once typing pauses, not on
//! every key, so before one of these the page takes what was typed since.

use super::{Action, DebugAction, DraftAction, FilesAction};

impl Action {
    /// True when the action reads or replaces the text (running, sharing, opening a file,
    /// switching views...): what the editor holds back must be taken first. False for what
    /// arrives while typing (the edit itself, the cursor, hovers) and for workers' replies,
    /// so that typing in a large module is not turned into a string on every key.
    pub fn needs_current_text(&self) -> bool {
        match self {
            Action::Start
            | Action::TextChanged(_)
            | Action::Cursor(_)
            | Action::AnalysisReply(_)
            | Action::RunReply(_)
            | Action::OptReply(_)
            | Action::AsmReply(_)
            | Action::CheckReply(_)
            | Action::NoWorker(..)
            | Action::WorkerMemory(..)
            | Action::Notice(_)
            | Action::CompileAsm(_)
            | Action::Viewport(..)
            | Action::HoverIrLine(_)
            | Action::HoverAsm(_) => false,
            Action::Debug(a) => !matches!(
                a,
                DebugAction::Reply(_) | DebugAction::NoWorker(_) | DebugAction::Breakpoints(_)
            ),
            Action::Drafts(a) => matches!(a, DraftAction::CopyText),
            Action::Files(a) => !matches!(
                a,
                FilesAction::Reply(_) | FilesAction::NoWorker(_) | FilesAction::Drag(_)
            ),
            Action::SelectFunction(_)
            | Action::SetTab(_)
            | Action::ToggleDom
            | Action::ToggleMayPoison
            | Action::SetEntry(_)
            | Action::SetArgs(_)
            | Action::SetEnv(_)
            | Action::SetStdin(_)
            | Action::SetSteps(_)
            | Action::SetEngine(_)
            | Action::Run
            | Action::Stop
            | Action::Share
            | Action::LoadExample(_)
            | Action::Jump(..)
            | Action::BlockClicked(_)
            | Action::ToggleTheme
            | Action::DismissToast
            | Action::RestoreBackup
            | Action::SetPipeline(_)
            | Action::Optimize(_)
            | Action::StopOpt
            | Action::OpenText(_)
            | Action::StepCfgs(_)
            | Action::SetAsmTargets(_)
            | Action::SetAsmAfterPasses(_)
            | Action::ClickAsm(..)
            | Action::DownloadAsm(..)
            | Action::ShowCompared
            | Action::ReplaceWithUpgraded => true,
        }
    }
}
